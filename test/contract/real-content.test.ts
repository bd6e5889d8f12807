import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import { compileSite } from '../../pipeline/content/compile';
import { writeResumePdf } from '../../pipeline/resume-pdf';
import { REAL_CONTENT_DIR, ROOT } from '../helpers/data/content';

/**
 * The designer's own content/ builds: the one test that reads it. It asserts
 * no word of it (the designer may have replaced every one), only that the
 * build takes it and that what it makes hangs together.
 */

let scratch: string;
let content: CompiledContent;

beforeAll(async () => {
  scratch = await mkdtemp(path.join(tmpdir(), 'real-content-'));
  // Private media into the scratch directory: this test leaves nothing behind.
  ({ content } = await compileSite(REAL_CONTENT_DIR, path.join(ROOT, 'public'), path.join(scratch, 'private-media')));
});
afterAll(() => rm(scratch, { recursive: true, force: true }));

describe('content/ (whatever the designer wrote)', () => {
  it('compiles: a name, a resume, and a page for each published card', () => {
    expect(content.site.name.trim()).not.toBe('');
    expect(content.resume.experience.length).toBeGreaterThan(0);
    for (const card of content.cards) {
      if (card.href === null) continue;
      expect(content.caseStudies[card.slug], card.slug).toBeDefined();
      expect(content.caseStudies[card.slug]?.html.length, card.slug).toBeGreaterThan(0);
    }
  });

  it('renders the resume PDF', async () => {
    const file = path.join(scratch, 'resume.pdf');
    await writeResumePdf(content, file);
    expect((await readFile(file)).subarray(0, 5).toString()).toBe('%PDF-');
  });
});
