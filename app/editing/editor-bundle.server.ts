import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The URL of the body editor's script, built apart from Remix's build
 * (scripts/editor-bundle.ts) with a content hash in its name. `npm run build`
 * writes it to .generated/editor-bundle.json; on Netlify that file travels
 * with the function (netlify.toml included_files), under LAMBDA_TASK_ROOT.
 * Read on each request (a few bytes; the dev build rewrites it), and null
 * when the bundle was not built: the editor stays a plain textarea then.
 */
// Under npm run dev, the dev bundle's own manifest (EDITOR_BUNDLE_MANIFEST, scripts/dev.ts).
const MANIFEST = path.resolve(
  process.env.LAMBDA_TASK_ROOT ?? '.',
  process.env.EDITOR_BUNDLE_MANIFEST?.trim() || '.generated/editor-bundle.json',
);

export function editorScriptUrl(): string | null {
  try {
    const { url } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as {
      url?: unknown;
    };
    // Only a script of this site, so a bad file can never point the page elsewhere.
    return typeof url === 'string' && /^\/[\w./-]+\.js$/.test(url) && !url.includes('..') ? url : null;
  } catch {
    return null;
  }
}
