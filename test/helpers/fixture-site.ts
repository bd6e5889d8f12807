import { cp, mkdir, mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PRIVATE_MEDIA_DIR } from '~/access/private-media.server';
import { compileSite } from '../../pipeline/content/compile';
import { writeImageVariants } from '../../pipeline/images';
import { writeSocialImages } from '../../pipeline/social-images';
import { CONTENT_DIR, ROOT } from './content';
import { startServer } from './server';

/**
 * A second content set for the tests: the content under test (the sample
 * fixture, test/fixtures/site, unless TEST_CONTENT_DIR says otherwise) plus
 * the case studies in test/fixtures/case-studies/ (e.g. blocks-demo, which uses every story
 * block). It is compiled like the real one into its own JSON, and the built
 * server serves it when CONTENT_JSON_PATH points there.
 */
export const FIXTURE_DIR = path.join(ROOT, 'test/fixtures/case-studies');
export const FIXTURE_CONTENT_JSON = '.generated/fixture/content.json';

export async function buildFixtureSite(): Promise<void> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'portfolio-fixture-'));
  try {
    const contentDir = path.join(scratch, 'content');
    await cp(CONTENT_DIR, contentDir, { recursive: true });
    for (const entry of await readdir(FIXTURE_DIR)) {
      await cp(path.join(FIXTURE_DIR, entry), path.join(contentDir, 'case-studies', entry), { recursive: true });
    }
    const { content, images, privateMedia } = await compileSite(contentDir, path.join(ROOT, 'public'), path.join(ROOT, PRIVATE_MEDIA_DIR));
    const out = path.join(ROOT, FIXTURE_CONTENT_JSON);
    await mkdir(path.dirname(out), { recursive: true });
    await writeFile(out, JSON.stringify(content));
    // Beside the real build's files, which it must not remove.
    await writeImageVariants(images, { prune: false });
    await writeImageVariants(privateMedia, { prune: false });
    // The sharing cards of every page, the fixture case studies' included (drawn from card fields only for private ones).
    await writeSocialImages(content, path.join(ROOT, 'public'));
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/** The built production server, serving the fixture content. */
export function startFixtureServer(env: Record<string, string> = {}) {
  return startServer({ CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON, ...env });
}
