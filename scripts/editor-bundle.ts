import type { BuildOptions, Plugin } from 'esbuild';
import { browserBundleOptions, buildBundle, watchBundle, type BundleSpec } from './esbuild-bundle';

/**
 * The body editor (MDXEditor + Lexical, ~350 KB gzipped) is built here, on
 * its own, not by Remix's compiler. In Remix's one esbuild pass (target
 * ES2019) Lexical's class fields put a `__publicField` helper into the chunk
 * every public page shares, so every public page's JS changed. Built apart,
 * at ES2022 (class fields stay native, no helper), the public pages' JS and
 * CSS are byte for byte what they were before the editor
 * (docs/decisions/public-pages-untouched-by-the-owner.md).
 *
 * The edit page loads the result with `import(url)` (BodyEditor.tsx); the
 * URL, content-hashed, is written to EDITOR_MANIFEST, which the edit route's
 * loader reads (app/editing/editor-bundle.server.ts).
 */
export const EDITOR_ENTRY = 'app/components/admin/editor/MdxBodyEditor.client.tsx';
export const EDITOR_MANIFEST = '.generated/editor-bundle.json';
const EDITOR_BUNDLE: BundleSpec = { entry: EDITOR_ENTRY, manifest: { env: 'EDITOR_BUNDLE_MANIFEST', file: EDITOR_MANIFEST, key: 'url' } };
/** The global BodyEditor fills with the page's own React before importing the bundle (one React: hooks, context). */
export const SHARED_GLOBAL = '__portfolioEditorShared';
export const SHARED_MODULES = ['react', 'react-dom', 'react/jsx-runtime'];

/** `react` & co. resolve to the page's modules, read from SHARED_GLOBAL; anything else it asks of react-dom is an error at build. */
const sharedReact: Plugin = {
  name: 'portfolio-shared-react',
  setup(build) {
    build.onResolve({ filter: /^react(-dom)?(\/.*)?$/ }, (args) => {
      if (!SHARED_MODULES.includes(args.path))
        return {
          errors: [
            {
              text: `${args.path} is not shared with the page (scripts/editor-bundle.ts SHARED_MODULES)`,
            },
          ],
        };
      return { path: args.path, namespace: 'portfolio-shared' };
    });
    build.onLoad({ filter: /.*/, namespace: 'portfolio-shared' }, (args) => ({
      loader: 'js',
      contents: `var shared = globalThis.${SHARED_GLOBAL};
if (!shared || !shared[${JSON.stringify(args.path)}]) throw new Error('The editor bundle needs the page to share ${args.path} (BodyEditor.tsx)');
module.exports = shared[${JSON.stringify(args.path)}];`,
    }));
  },
};

/**
 * No acorn (a JavaScript parser, ~70 KB gzipped, a fifth of the editor): MDXEditor's MDX parser
 * needs it only for `{…}` expressions and import/export lines, which content may not hold (the
 * server refuses them, app/editing/content-check/call.server.ts). Here such a line fails to parse, and
 * the editor shows the file as source with the reason (BodyEditor's onFailed), as for any text it
 * cannot open. Without this the edit page's JS is over its 450 KB budget.
 */
const noAcorn: Plugin = {
  name: 'portfolio-no-acorn',
  setup(build) {
    build.onResolve({ filter: /^acorn(-jsx)?$/ }, (args) => ({ path: args.path, namespace: 'portfolio-no-acorn' }));
    build.onLoad({ filter: /.*/, namespace: 'portfolio-no-acorn' }, (args) => ({
      loader: 'js',
      contents:
        args.path === 'acorn-jsx'
          ? 'export default () => (Parser) => Parser;'
          : `const refuse = () => { throw Object.assign(new Error('expressions ({…}), import and export are not allowed in content'), { pos: 0, raisedAt: 0 }); };
const parser = { parse: refuse, parseExpressionAt: refuse };
export const Parser = { extend: () => parser };`,
    }));
  },
};

/** esbuild options for the editor, into `outdir`, whose files are served under `publicPath`. */
export function editorBundleOptions(outdir: string, publicPath: string, production: boolean): BuildOptions & { metafile: true } {
  return {
    // ES2022 matters here: Lexical's class fields stay native, with no helper shared with the public pages.
    ...browserBundleOptions(EDITOR_ENTRY, outdir, production),
    publicPath,
    entryNames: 'editor-[hash]',
    chunkNames: 'chunk-[hash]',
    // The editor's stylesheets are linked by the route (stylesheet.ts), never imported by the script.
    loader: { '.css': 'empty' },
    plugins: [sharedReact, noAcorn],
  };
}

/** `npm run build`: after Remix (which empties public/build), before the compile hints and precompression. */
export async function buildEditorBundle(outdir = 'public/build/editor', publicPath = '/build/editor'): Promise<string> {
  return buildBundle(EDITOR_BUNDLE, editorBundleOptions(outdir, publicPath, true), outdir, publicPath);
}

/**
 * `npm run dev`: rebuilt on each change, unminified. Not under public/build,
 * which remix dev empties when it starts; public/ is served as it is
 * (scripts/serve.ts), so /editor-dev/ is this origin's ('self' in the CSP).
 */
export async function watchEditorBundle(outdir = 'public/editor-dev', publicPath = '/editor-dev') {
  return watchBundle(EDITOR_BUNDLE, editorBundleOptions(outdir, publicPath, false), outdir, publicPath);
}
