import { cp, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { parseDocument, parse as parseYaml } from 'yaml';
import { buildContent } from '../../../pipeline/build-content';
import type { Look } from '~/look/look';
import { lookSchema, type CompiledContent } from '~/content/schema';
import { CONTENT_DIR, ROOT } from './content';
import { FIXTURE_DIR, FIXTURE_PAGES_DIR } from './fixture-site';
import { startServer } from '../start/server';

/**
 * A designer with a look: the content under test and the extra fixture case
 * studies (the private one among them: its lock page), with one of the
 * looks in test/fixtures/looks/ set in site.yml as the editor would
 * (the `yaml` Document API, the rest of the file untouched). Compiled by the
 * build's own code into .generated/look/<name>/, which the built server
 * serves when CONTENT_JSON_PATH points there.
 */
export const LOOKS_DIR = path.join(ROOT, 'test/fixtures/looks');

export type LookFixture = { name: string; look: Partial<Look> };

export async function lookFixture(name: string): Promise<LookFixture> {
  const { look } = parseYaml(await readFile(path.join(LOOKS_DIR, `${name}.yml`), 'utf8')) as { look: Partial<Look> };
  return { name, look };
}

export const lookContentJson = (name: string) => `.generated/look/${name}/content.json`;

/** With `pages`, the fixture pages of her own too (test/fixtures/pages/), for a bench of a page beside a case study. */
export async function buildLookSite({ name, look, pages = false }: LookFixture & { pages?: boolean }): Promise<string> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'portfolio-look-'));
  try {
    const contentDir = path.join(scratch, 'content');
    await cp(CONTENT_DIR, contentDir, { recursive: true });
    for (const entry of await readdir(FIXTURE_DIR)) {
      await cp(path.join(FIXTURE_DIR, entry), path.join(contentDir, 'case-studies', entry), { recursive: true });
    }
    if (pages) await cp(FIXTURE_PAGES_DIR, path.join(contentDir, 'pages'), { recursive: true });
    const siteFile = path.join(contentDir, 'site.yml');
    const site = parseDocument(await readFile(siteFile, 'utf8'));
    site.set('look', look);
    await writeFile(siteFile, site.toString());
    await buildContent(contentDir, { prune: false, out: path.join(ROOT, path.dirname(lookContentJson(name))) });
    return lookContentJson(name);
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Another look on the same designer, without compiling her content again:
 * the content `base` was built into, copied, with only `site.look` changed
 * (parsed by the build's own schema, so its defaults are filled in as a
 * build would). For tests that look at colours, not at the pipeline.
 */
export async function relookSite(base: string, { name, look }: LookFixture): Promise<string> {
  const from = path.join(ROOT, path.dirname(lookContentJson(base)));
  const to = path.join(ROOT, path.dirname(lookContentJson(name)));
  await rm(to, { recursive: true, force: true });
  await cp(from, to, { recursive: true });
  const file = path.join(ROOT, lookContentJson(name));
  const content = JSON.parse(await readFile(file, 'utf8')) as CompiledContent;
  content.site.look = lookSchema.parse(look);
  await writeFile(file, JSON.stringify(content));
  return lookContentJson(name);
}

/** The built production server, serving a look's content (built first with buildLookSite). */
export function startLookServer(name: string, env: Record<string, string> = {}) {
  return startServer({ CONTENT_JSON_PATH: lookContentJson(name), ...env });
}
