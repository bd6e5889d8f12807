import path from 'node:path';
import { buildContent, reportContentError } from '../../../pipeline/build-content';

/**
 * The content step of `npm run build`, run by tsx in the working directory it
 * is started in (a clone of the site's repository, see built-clone.ts): it
 * writes .generated/ and the files under public/ there, exactly where a
 * fresh clone's build would.
 */
try {
  await buildContent(path.resolve('content'));
  // mdx-bundler's esbuild keeps a helper process alive; end it so this process exits.
  await (await import('esbuild')).stop();
} catch (error) {
  reportContentError(error);
  process.exit(1);
}
