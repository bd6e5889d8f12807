import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { buildContent, reportContentError } from '../../pipeline/build-content';
import { buildFixtureSite } from '../helpers/data/fixture-site';
import { ensureNetlifyCli } from '../helpers/start/netlify-cli';
import { CONTENT_DIR, REAL_CONTENT_DIR, ROOT } from '../helpers/data/content';

/**
 * The site the tests run against, made once per run, of the content under
 * test (a fixture designer, test/helpers/data/content.ts), never of the
 * designer's own content/:
 * - `default` (the site project): the production build (`npm run build`),
 *   then the fixture content the story and privacy tests serve, and the
 *   netlify serve tests' CLI. SKIP_BUILD=1 keeps the app's build when
 *   iterating, but still compiles the content under test.
 * - `compileContent` (test/setup/content.ts, the db project): the content
 *   only, which the stores read (the case studies' titles, the owner's
 *   address); nothing when the build already made it in this run.
 *
 * The build writes where `npm run build` writes (.generated/content.json,
 * .generated/site-files (resume.pdf, the icons, the social images), public/generated), so the
 * teardown compiles content/ again: `npm run serve` after `npm test` serves
 * the designer's own site, not the fixture's. When that is not possible
 * (content/ has a mistake, or the run was killed), the teardown says so; run
 * `npm run build` (or `npm run content`) before `npm run serve`.
 */
const MADE = 'PORTFOLIO_TEST_BUILD';

export default async function buildSite() {
  if (process.env[MADE] === 'site') return;
  announce();
  if (process.env.SKIP_BUILD !== '1') {
    execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit', env: { ...process.env, CONTENT_DIR } });
  } else {
    await buildContent(CONTENT_DIR, { prune: false });
  }
  await buildFixtureSite();
  // The netlify serve tests' CLI, installed once into the machine's cache (test/helpers/start/netlify-cli.ts): never a skipped test.
  ensureNetlifyCli();
  return madeOnce('site');
}

export async function compileContent() {
  if (process.env[MADE]) return;
  announce();
  await buildContent(CONTENT_DIR, { prune: false });
  return madeOnce('content');
}

function announce() {
  if (CONTENT_DIR !== REAL_CONTENT_DIR)
    console.log(`Tests build the content in ${path.relative(ROOT, CONTENT_DIR)}/, not content/; the teardown compiles content/ again.`);
}

/** Marks what this run has made, for the set-ups after this one; the teardown of the first one that made something puts content/ back. */
function madeOnce(what: 'site' | 'content') {
  const first = !process.env[MADE];
  process.env[MADE] = what;
  if (!first) return undefined;
  return async () => {
    delete process.env[MADE];
    await restoreDesignersContent();
  };
}

async function restoreDesignersContent() {
  try {
    // Without pruning: the next run finds the fixture's image variants made.
    await buildContent(REAL_CONTENT_DIR, { prune: false });
  } catch (error) {
    reportContentError(error);
    console.error(
      "The tests built a fixture designer's site, and content/ could not be compiled back over it. Fix content/, then run `npm run build` before `npm run serve`.",
    );
  }
}
