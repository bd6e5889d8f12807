import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import { beforeAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import { SAMPLE_SITE_DIR } from '../helpers/data/content';
import { builtContent } from '../helpers/site/e2e';
import { decodeEntities } from '../helpers/site/http';
import { publicSite } from '../helpers/suite/public-site';
import { at } from '../helpers/must';

/**
 * The built site shows the content under test, whoever the designer is: every
 * expectation is read from the compiled content (test/helpers/data/content.ts),
 * none is a literal. CI runs this directory a second time with another
 * designer's content in content/ (.ci/run).
 */

const server = { url: publicSite() };
let content: CompiledContent;

beforeAll(() => {
  content = builtContent();
});

/** The page's visible text (tags removed, entities decoded, white space collapsed). */
async function pageText(route: string): Promise<{ status: number; text: string; html: string }> {
  const response = await fetch(`${server.url}${route}`);
  const html = await response.text();
  const body = html.slice(html.indexOf('<body'));
  const text = decodeEntities(body.replace(/<script\b[\s\S]*?<\/script>/g, ' ').replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ');
  return { status: response.status, text, html };
}

const squeeze = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('the content under test, served', () => {
  it('home: the name, the hero and every case study card', async () => {
    const { status, text } = await pageText('/');
    expect(status).toBe(200);
    const { site } = content;
    for (const words of [site.name, site.hero.badge, site.hero.title, site.about.title]) expect(text).toContain(squeeze(words));
    expect(content.cards.length).toBeGreaterThan(0);
    for (const card of content.cards) expect(text, card.slug).toContain(squeeze(card.title));
  });

  it('resume: every role, employer and school', async () => {
    const { status, text } = await pageText('/resume');
    expect(status).toBe(200);
    for (const role of content.resume.experience) {
      expect(text).toContain(squeeze(role.title));
      expect(text).toContain(squeeze(role.company));
    }
    for (const school of content.resume.education) expect(text).toContain(squeeze(school.school));
  });

  it('resume PDF: served, and a PDF', async () => {
    const response = await fetch(`${server.url}/resume.pdf`);
    expect(response.status).toBe(200);
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
  });

  it('each published case study: its page; a private one stays locked', async () => {
    const published = Object.values(content.caseStudies);
    expect(published.length).toBeGreaterThan(0);
    for (const study of published) {
      const { status, text } = await pageText(`/case-study/${study.slug}`);
      expect(status, study.slug).toBe(200);
      expect(text, study.slug).toContain(squeeze(study.title));
      const summary = squeeze(study.page.summary);
      if (study.private) expect(text, study.slug).not.toContain(summary);
      else expect(text, study.slug).toContain(summary);
    }
  });

  it('the sitemap lists every public case study, and no private one', async () => {
    const xml = await (await fetch(`${server.url}/sitemap.xml`)).text();
    for (const study of Object.values(content.caseStudies)) {
      if (study.private) expect(xml, study.slug).not.toContain(`/case-study/${study.slug}<`);
      else expect(xml, study.slug).toContain(`/case-study/${study.slug}<`);
    }
  });

  // On the sample itself nothing is foreign, and the check reads that her own name is there; on another designer's site, none of the sample's.
  it("the sample designer's name and employers appear only where the content under test has them", async () => {
    const sample = parseYaml(readFileSync(path.join(SAMPLE_SITE_DIR, 'site.yml'), 'utf8')) as { name: string };
    const sampleResume = parseYaml(
      at(readFileSync(path.join(SAMPLE_SITE_DIR, 'resume.mdx'), 'utf8').split(/^---$/m), 1, 'the resume frontmatter'),
    ) as { experience: { company: string }[] };
    const words = [sample.name, ...sampleResume.experience.map((role) => role.company)];
    const mine = [content.site.name, ...content.resume.experience.map((role) => role.company)];
    expect(decodeEntities((await pageText('/')).html)).toContain(content.site.name);
    for (const route of ['/', '/resume', ...Object.keys(content.caseStudies).map((slug) => `/case-study/${slug}`), '/sitemap.xml']) {
      const { html } = await pageText(route);
      for (const word of words.filter((word) => !mine.includes(word)))
        expect(decodeEntities(html), `${route}: ${word}`).not.toContain(word);
    }
  });
});
