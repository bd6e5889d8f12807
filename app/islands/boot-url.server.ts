import { readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * The URL of the islands' boot module (app/islands/boot.ts), built apart from
 * Remix's build (scripts/islands-bundle.ts) with a content hash in its name.
 * `npm run build` writes it to .generated/islands.json; on Netlify that file
 * travels with the function (netlify.toml included_files), under
 * LAMBDA_TASK_ROOT. Read on each request (a few bytes; the dev build rewrites
 * it), and null when the islands were not built: the pages then work as they
 * do without JavaScript.
 */
// Under npm run dev, the dev bundle's own manifest (ISLANDS_MANIFEST, scripts/dev.ts).
const MANIFEST = path.resolve(process.env.LAMBDA_TASK_ROOT ?? '.', process.env.ISLANDS_MANIFEST?.trim() || '.generated/islands.json');

export function islandsBootUrl(): string | null {
  try {
    const { boot } = JSON.parse(readFileSync(MANIFEST, 'utf8')) as { boot?: unknown };
    // Only a script of this site, so a bad file can never point the page elsewhere.
    return typeof boot === 'string' && /^\/(?!\/)[\w./-]+\.js$/.test(boot) && !boot.includes('..') ? boot : null;
  } catch {
    return null;
  }
}
