import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_CACHE, PAGE_CDN_CACHE } from '~/http/cache-headers.server';
import { site } from '../helpers/site/e2e';
import { startServer, type RunningServer } from '../helpers/start/server';

/**
 * /privacy through the real built server, with no database (the default of
 * startServer): a public document page, treated exactly like /resume
 * (cache policy, security headers), listed in the sitemap, linked from every
 * page's footer, and complete in its server HTML, so it needs no JavaScript.
 */

const SITE_URL = 'https://portfolio.example';

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({ SITE_URL });
});
afterAll(() => server?.stop());

const get = (path: string, init?: RequestInit) => fetch(`${server.url}${path}`, init);

/** The policy's directives, without the page's own script hashes (those differ from page to page). */
const cspShape = (csp: string | null) =>
  (csp ?? '')
    .split(';')
    .map((part) =>
      part
        .trim()
        .split(/\s+/)
        .filter((word) => !word.startsWith("'sha256-"))
        .join(' '),
    )
    .sort();

const HEADERS_LIKE_RESUME = [
  'cache-control',
  'netlify-cdn-cache-control',
  'content-type',
  'strict-transport-security',
  'x-content-type-options',
  'x-frame-options',
  'referrer-policy',
  'permissions-policy',
];

/** The text of the page's <main>, tags and entities stripped: what a reader without JavaScript gets. */
function mainText(html: string): string {
  const main = html.slice(html.indexOf('<main'), html.indexOf('</main>'));
  return main
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&')
    .replace(/\s+/g, ' ');
}

describe('/privacy', () => {
  it('answers 200 with HTML, without a database and without a cookie', async () => {
    const response = await get('/privacy');
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/html; charset=utf-8');
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(response.headers.get('x-robots-tag')).toBeNull();
    expect(await response.text()).toContain('<h1');
  });

  it('is cached and secured exactly like /resume', async () => {
    const [privacy, resume] = await Promise.all([get('/privacy'), get('/resume')]);
    expect(privacy.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(privacy.headers.get('netlify-cdn-cache-control')).toBe(PAGE_CDN_CACHE);
    for (const name of HEADERS_LIKE_RESUME) expect(privacy.headers.get(name), name).toBe(resume.headers.get(name));
    expect(cspShape(privacy.headers.get('content-security-policy'))).toEqual(cspShape(resume.headers.get('content-security-policy')));
    expect(privacy.headers.get('content-security-policy')).toMatch(/script-src 'self' 'sha256-/);
  });

  it('its client-side navigation data (.data) follows the page policy too', async () => {
    const response = await get('/privacy.data');
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(PAGE_CDN_CACHE);
  });

  it('is in the sitemap, right after the resume', async () => {
    const xml = await (await get('/sitemap.xml')).text();
    const locs = [...xml.matchAll(/<loc>([^<]*)<\/loc>/g)].map(([, loc]) => loc);
    expect(locs.slice(0, 3)).toEqual([`${SITE_URL}/`, `${SITE_URL}/resume`, `${SITE_URL}/privacy`]);
  });

  it('has its own title, description and canonical URL, and may be indexed', async () => {
    const html = await (await get('/privacy/?utm_source=footer')).text();
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<title>Privacy — ${site.name}</title>`);
    expect(head).toContain(`<link rel="canonical" href="${SITE_URL}/privacy"/>`);
    expect(head).toMatch(/<meta name="description" content="[^"]+"/);
    expect(head).not.toMatch(/name="robots"/);
  });

  it('says everything in its server HTML: the sections, the date and the facts', async () => {
    const html = await (await get('/privacy')).text();
    const text = mainText(html);
    expect(html).toMatch(/<h1[^>]*>Privacy<\/h1>/);
    expect(html).toMatch(/Last updated <time dateTime="\d{4}-\d{2}-\d{2}">[A-Z][a-z]+ \d{1,2}, \d{4}<\/time>/i);
    for (const heading of [
      'What I count',
      'What I never collect',
      'Cookies',
      'Do Not Track and Global Privacy Control',
      'How long data is kept',
      'Questions',
    ]) {
      expect(html, heading).toMatch(new RegExp(`<h2[^>]*>${heading}</h2>`));
    }
    for (const fact of [
      'www.linkedin.com',
      'utm_source',
      'phone, tablet or desktop',
      '10-second steps up to 30 minutes',
      'résumé PDF',
      'random value that changes every day',
      'Your IP address and user agent are never stored',
      'no visitor can be followed from one day to the next',
      'sets no cookies',
      'strictly necessary cookie',
      'Sec-GPC: 1',
      'DNT: 1',
      'Bots, crawlers and my own visits are not counted',
      '90 days',
      'no visitor hashes',
      '365 days',
      'no third-party analytics, ads or trackers',
      'switch all counting off',
      site.name,
    ]) {
      expect(text, fact).toContain(fact);
    }
    expect(html).toMatch(/<a[^>]*href="\/#contact"[^>]*>contact form<\/a>/);
  });

  it('the footer of every page links to it', async () => {
    for (const path of ['/', '/resume', '/privacy', '/case-study/office-depot', '/no/such/page']) {
      const html = await (await get(path)).text();
      const footer = html.slice(html.lastIndexOf('<footer'), html.lastIndexOf('</footer>'));
      expect(footer, path).toMatch(/<a[^>]*href="\/privacy"[^>]*>Privacy<\/a>/);
      expect(footer, path).toContain('Back to top');
    }
  });
});
