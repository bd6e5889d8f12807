import type { MDXComponents } from 'mdx/types';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Section } from '../../app/content/schema';
import { StoryMediaContext, type StoryMedia } from '../../app/components/mdx/media';
import type { BlockDefinition } from '../../app/components/mdx/blocks';
import { ContentError, type ContentProblem } from './errors';
import { bracketImagePathsWithSpaces, leftoverImageFix, withoutCodeSpans } from './image-paths';
import { mdxProblem, readYaml } from './locate';
import { remarkStory } from './remark-story';
import { rehypeNumberedSections } from './sections';
import type { MediaRoots } from './story-media';
import { typeset } from './typography';

type MdxComponents = MDXComponents;

export type CompileMdxOptions = {
  components: MdxComponents;
  /** The blocks this file may use (none: any component is an error). */
  blocks: Record<string, BlockDefinition>;
  roots: MediaRoots;
};

/** gray-matter's engines that would run frontmatter as code: each refuses instead. */
const refuseCode = (): never => {
  throw new Error('frontmatter is YAML only and is never run as code');
};
const CODE_ENGINES = { js: refuseCode, javascript: refuseCode, coffee: refuseCode, coffeescript: refuseCode, cson: refuseCode };

/**
 * Compiles one MDX file with mdx-bundler (esbuild) and renders it to static
 * HTML with the site's components, at build time. `source` is the whole
 * file, frontmatter included, so every line and column reported is the
 * file's own. Every image and block is checked on the way (remark-story.ts);
 * all problems stop the build together, as one ContentError.
 */
export async function compileMdx(source: string, file: string, { components, blocks, roots }: CompileMdxOptions) {
  // Loaded lazily so that nothing else pays for esbuild.
  const { bundleMDX } = await import('mdx-bundler');
  const { default: remarkSmartypants } = await import('remark-smartypants');
  const sections: Section[] = [];
  const media: StoryMedia = new Map();
  const problems: ContentProblem[] = [];
  let code: string;
  try {
    ({ code } = await bundleMDX({
      // Image paths with spaces, as exported files are named, in CommonMark's <…> (image-paths.ts); lines unchanged.
      source: bracketImagePathsWithSpaces(source),
      cwd: roots.dir,
      // Its frontmatter read as compile.ts reads it (compile.ts has checked it by now), not with gray-matter's own js-yaml;
      // and gray-matter's own `---js` engine, which runs the block as JavaScript, replaced by a refusal.
      grayMatterOptions: (options) => ({ ...options, engines: { yaml: (yaml: string) => (readYaml(yaml).data ?? {}) as object, ...CODE_ENGINES } }),
      // The error is reported once, as a ContentError, not also by esbuild itself.
      esbuildOptions: (options) => ({ ...options, logLevel: 'silent' }),
      mdxOptions(options) {
        options.remarkPlugins = [...(options.remarkPlugins ?? []), [remarkStory, { ...roots, blocks, media, problems, typeset }], remarkSmartypants];
        options.rehypePlugins = [...(options.rehypePlugins ?? []), [rehypeNumberedSections, { sections }]];
        return options;
      },
    }));
  } catch (error) {
    // The source is the whole file, so the places in the error are already the file's.
    throw new ContentError(file, [mdxProblem(error)]);
  }
  if (problems.length > 0) throw new ContentError(file, problems.sort((a, b) => (a.line ?? 0) - (b.line ?? 0)));
  const { getMDXComponent } = await import('mdx-bundler/client/index.js');
  const story = createElement(getMDXComponent(code), { components });
  let html: string;
  try {
    html = renderToStaticMarkup(createElement(StoryMediaContext.Provider, { value: media }, story));
  } catch (error) {
    // An expression in the MDX that fails when it runs, e.g. {undefinedName}.
    throw new ContentError(file, [`MDX does not render: ${error instanceof Error ? error.message.split('\n')[0] : error}`]);
  }
  const leftover = imageSyntaxInHtml(html, source);
  if (leftover) throw new ContentError(file, [leftover]);
  return { html, sections };
}

/**
 * The last look before a page is made: nothing of its text may still read
 * `![…](…)`. The story's own check (remark-story.ts) finds it in the text of
 * the story with its place; this also covers the words a block shows (a
 * caption, a quote), and names the first line of the file where it was written.
 */
function imageSyntaxInHtml(html: string, source: string): ContentProblem | undefined {
  const text = html.replace(/<(pre|code)\b[\s\S]*?<\/\1>/g, '').replace(/<[^>]*>/g, ' ');
  for (const at of text.matchAll(/!\[[^\]]*\]\(/g)) {
    // Only what the file wrote as it is: an escaped !\[ is text the writer meant.
    const index = source.split('\n').findIndex((line) => withoutCodeSpans(line).includes(at[0]));
    if (index === -1) continue;
    const [snippet = ''] = text.slice(at.index).split(/\s{2,}|\n/, 1);
    return { message: leftoverImageFix(snippet.slice(0, 80)), line: index + 1 };
  }
  return undefined;
}
