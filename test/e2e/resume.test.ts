import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { builtContent, gotoReady, site } from '../helpers/site/e2e';
import { at } from '../helpers/must';
import { useBrowser } from '../helpers/suite/browser-suite';
import { publicSite } from '../helpers/suite/public-site';

const url = publicSite();

const pages = useBrowser({}, { pagePerTest: true, failOnConsoleErrors: true });
async function openResume(width = 1280): Promise<Page> {
  const page = await pages.openPage({ viewport: { width, height: 800 } });
  await gotoReady(page, `${url}/resume`);
  return page;
}

const resume = builtContent().resume;

const SECTIONS = ['Summary', 'Professional Experience', 'Education', 'Skills', 'Certifications', 'Languages'];

/** A resume section, found by its heading. */
function section(page: Page, title: string): Locator {
  return page.getByRole('main').getByRole('region', { name: title, exact: true });
}

describe('/resume', () => {
  it('has a Back link to / and the name as its heading', async () => {
    const page = await openResume();
    const back = page.getByRole('main').getByRole('link', { name: /^Back/ });
    expect(await back.getAttribute('href')).toBe('/');
    expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe(site.name);
    expect(await page.title()).toContain(site.name);
  });

  it('has the e-mail (mailto), LinkedIn and personal website links from site.yml', async () => {
    const page = await openResume();
    const main = page.getByRole('main');
    const mail = main.getByRole('link', { name: site.email });
    expect(await mail.getAttribute('href')).toBe(`mailto:${site.email}`);
    const linkedin = main.locator(`a[href="${site.linkedin}"]`);
    expect(await linkedin.count()).toBe(1);
    expect(await linkedin.innerText()).toMatch(/LinkedIn|linkedin\.com/);
    const website = main.locator(`a[href="${site.website}"]`);
    expect(await website.count()).toBe(1);
    expect(await website.isVisible()).toBe(true);
    for (const external of [linkedin, website]) {
      expect(await external.getAttribute('target')).toBe('_blank');
      expect(await external.getAttribute('rel')).toBe('noopener noreferrer');
    }
  });

  it('has Download Resume → /resume.pdf, which answers with a real PDF', async () => {
    const page = await openResume();
    const download = page.getByRole('link', { name: 'Download Resume' });
    expect(await download.getAttribute('href')).toBe('/resume.pdf');
    const response = await fetch(`${url}/resume.pdf`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/pdf/);
    const bytes = Buffer.from(await response.arrayBuffer());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(bytes.length).toBeGreaterThan(2000);
    expect(bytes.subarray(-1024).toString('latin1')).toContain('%%EOF');
  });

  it('has the sections Summary, Professional Experience, Education, Skills, Certifications and Languages, in order', async () => {
    const page = await openResume();
    const headings = await page.getByRole('main').getByRole('heading', { level: 2 }).allInnerTexts();
    expect(headings.map((h) => h.trim().toLowerCase())).toEqual(SECTIONS.map((s) => s.toLowerCase()));
    expect((await section(page, 'Summary').innerText()).length).toBeGreaterThan(150);
  });

  it('lists three roles, each with title, years, company, location and bullets', async () => {
    const page = await openResume();
    const experience = section(page, 'Professional Experience');
    const roles = experience.getByRole('listitem').filter({ has: page.getByRole('heading', { level: 3 }) });
    expect(await roles.count()).toBe(3);
    expect(resume.experience).toHaveLength(3);
    for (const [i, role] of resume.experience.entries()) {
      const item = roles.nth(i);
      const text = await item.innerText();
      expect(await item.getByRole('heading', { level: 3 }).innerText()).toBe(role.title);
      for (const part of [role.years, role.company, role.location]) expect(text).toContain(part);
      for (const bullet of role.bullets) expect(text).toContain(bullet);
      expect(await item.getByRole('listitem').count()).toBe(role.bullets.length);
    }
  });

  it('has the education with degree, year and school', async () => {
    const page = await openResume();
    const text = await section(page, 'Education').innerText();
    for (const e of resume.education) for (const part of [e.degree, e.year, e.school]) expect(text).toContain(part);
  });

  it('groups the skills as Design Tools, Research & Testing and Technical', async () => {
    const page = await openResume();
    const skills = section(page, 'Skills');
    const groups = await skills.getByRole('heading', { level: 3 }).allInnerTexts();
    expect(groups).toEqual(['Design Tools', 'Research & Testing', 'Technical']);
    const text = await skills.innerText();
    for (const group of resume.skills) for (const item of group.items) expect(text).toContain(item);
  });

  it('has one certification', async () => {
    const page = await openResume();
    const certifications = section(page, 'Certifications');
    expect(resume.certifications).toHaveLength(1);
    expect(await certifications.getByRole('listitem').count()).toBe(1);
    expect(await certifications.innerText()).toContain(at(resume.certifications, 0, 'a certification').name);
  });

  it('has the languages English and Spanish, bilingual', async () => {
    const page = await openResume();
    const text = await section(page, 'Languages').innerText();
    expect(text).toContain('English');
    expect(text).toContain('Spanish');
    expect(text).toMatch(/bilingual/i);
  });

  it('the Back link returns to the home page', async () => {
    const page = await openResume();
    await page.getByRole('main').getByRole('link', { name: /^Back/ }).click();
    await page.waitForURL(`${url}/`);
    await page.getByRole('heading', { level: 1, name: site.hero.title }).waitFor();
  });

  it('prints as a clean resume: no site header, footer, back link or download button', async () => {
    const page = await openResume();
    await page.emulateMedia({ media: 'print' });
    expect(await page.getByRole('banner').isVisible()).toBe(false);
    expect(await page.getByRole('contentinfo').isVisible()).toBe(false);
    expect(await page.getByRole('link', { name: 'Download Resume' }).isVisible()).toBe(false);
    expect(await page.getByRole('main').getByRole('link', { name: /^Back/ }).isVisible()).toBe(false);
    expect(await page.getByRole('heading', { level: 1, name: site.name }).isVisible()).toBe(true);
    for (const title of SECTIONS) expect(await section(page, title).isVisible(), title).toBe(true);
    expect(await page.getByText(site.email).first().isVisible()).toBe(true);
  });

  it('reads well at 375 px: no horizontal overflow, all sections present', async () => {
    const page = await openResume(375);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    for (const title of SECTIONS) expect(await section(page, title).isVisible(), title).toBe(true);
  });
});
