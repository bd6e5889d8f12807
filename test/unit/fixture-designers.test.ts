import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { compileSite } from '../../pipeline/content/compile';
import { ROOT, SAMPLE_SITE_DIR, SECOND_SITE_DIR } from '../helpers/data/content';

/**
 * The two fixture designers build, and differ where it counts: CI's second
 * run (test/contract/ with second-site over content/) proves nothing if the
 * second designer does not build or shares the sample's name, employers or
 * case studies.
 */

let scratch: string;
beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'fixture-designers-'));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

const compile = (dir: string, name: string) =>
  compileSite(dir, path.join(ROOT, 'public'), path.join(scratch, name)).then((site) => site.content);

describe('the fixture designers', () => {
  it('both build, and the second shares no name, employer or case study with the sample', async () => {
    const [sample, second] = await Promise.all([compile(SAMPLE_SITE_DIR, 'sample'), compile(SECOND_SITE_DIR, 'second')]);
    expect(second.site.name).not.toBe(sample.site.name);
    const employers = (content: typeof sample) => content.resume.experience.map((role) => role.company);
    for (const company of employers(second)) expect(employers(sample)).not.toContain(company);
    const slugs = (content: typeof sample) => content.cards.map((card) => card.slug);
    for (const slug of slugs(second)) expect(slugs(sample)).not.toContain(slug);
    // A private case study, so that the contract checks that it stays locked.
    expect(second.cards.some((card) => card.private)).toBe(true);
  });
});
