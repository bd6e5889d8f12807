import type { LinksFunction } from '@remix-run/node';
import mdxEditorStyles from '@mdxeditor/editor/style.css';
import bodyEditorStyles from '~/styles/body-editor.css';

/**
 * The body editor's stylesheets, for the edit route's `links` only: MDXEditor's
 * own and ours (content styles under Tailwind's reset, the site's tokens).
 * Remix's classic compiler turns a CSS import into its built URL.
 */
export const bodyEditorLinks: LinksFunction = () => [
  { rel: 'stylesheet', href: mdxEditorStyles },
  { rel: 'stylesheet', href: bodyEditorStyles },
];
