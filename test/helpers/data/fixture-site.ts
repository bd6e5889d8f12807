import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buildContent } from '../../../pipeline/build-content';
import { CONTENT_DIR, ROOT } from './content';
import { startServer } from '../start/server';

/**
 * A second content set for the tests: the content under test (the sample
 * fixture, test/fixtures/site, unless TEST_CONTENT_DIR says otherwise) plus
 * the case studies in test/fixtures/case-studies/ (e.g. blocks-demo, which uses every story
 * block). It is compiled like the real one into its own JSON, and the built
 * server serves it when CONTENT_JSON_PATH points there.
 */
export const FIXTURE_DIR = path.join(ROOT, 'test/fixtures/case-studies');
export const FIXTURE_CONTENT_JSON = '.generated/fixture/content.json';

/** Pages of her own (content/pages/): a Writing page in the menu with an image and three entries, and a Colophon with no blocks, out of the menu. */
export const FIXTURE_PAGES_DIR = path.join(ROOT, 'test/fixtures/pages');
/** The content under test with those pages, compiled apart: the shared fixture site's menu stays as it is. */
export const PAGES_CONTENT_JSON = '.generated/pages-fixture/content.json';

export async function buildFixtureSite({ pages = false }: { pages?: boolean } = {}): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'portfolio-fixture-'));
  try {
    const contentDir = path.join(scratch, 'content');
    await cp(CONTENT_DIR, contentDir, { recursive: true });
    for (const entry of await readdir(FIXTURE_DIR)) {
      await cp(path.join(FIXTURE_DIR, entry), path.join(contentDir, 'case-studies', entry), { recursive: true });
    }
    if (pages) await cp(FIXTURE_PAGES_DIR, path.join(contentDir, 'pages'), { recursive: true });
    // Its content, version and site files (resume.pdf, icons, sharing cards) in .generated/fixture/; its
    // image variants beside the real build's, which it must not remove.
    const out = pages ? PAGES_CONTENT_JSON : FIXTURE_CONTENT_JSON;
    await buildContent(contentDir, { prune: false, out: path.join(ROOT, path.dirname(out)) });
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The built production server, serving the fixture content. */
export function startFixtureServer(env: Record<string, string> = {}) {
  return startServer({ CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, ...env });
}
