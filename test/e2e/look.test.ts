// @module-tag slow
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parse as parseYaml } from 'yaml';
import AxeBuilder from '@axe-core/playwright';
import type { AxeResults } from 'axe-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import { DEFAULT_LOOK, type Look } from '~/look/look';
import { lookCss } from '~/look/look-css';
import { derivePalette } from '~/look/palette';
import { ROOT } from '../helpers/data/content';
import { PRIVATE_ENV, PRIVATE_PATH } from '../helpers/data/private';
import {
  buildLookSite,
  lookContentJson,
  lookFixture,
  LOOKS_DIR,
  relookSite,
  startLookServer,
  type LookFixture,
} from '../helpers/data/look-site';
import { waitForReady, waitForTransitionsToEnd } from '../helpers/site/e2e';
import type { RunningServer } from '../helpers/start/server';
import { useBrowser } from '../helpers/suite/browser-suite';

/**
 * Her look reaches every page without a script: a designer with a teal,
 * warm-grey, round, always-dark look (test/fixtures/looks/) gets it on the
 * home page, a case study, the resume, the 404 and the private case study's
 * lock page, in an inline style the CSP allows by its hash. And whatever
 * the accent, axe finds no colour-contrast problem in light or dark: pure
 * yellow, cyan forced light, a near-black accent, and the teal.
 *
 * The teal designer's content is compiled by the build's own code; the
 * other looks reuse that compiled content with only its look changed
 * (relookSite), since what they test is the page's colours.
 */

const BUILT = 'teal-dark-round';
const OTHERS = ['pure-yellow', 'cyan-light-square', 'near-black'];
const servers = new Map<string, RunningServer>();
const fixtures = new Map<string, LookFixture>();

beforeAll(async () => {
  const teal = await lookFixture(BUILT);
  fixtures.set(BUILT, teal);
  await buildLookSite(teal);
  for (const name of OTHERS) {
    const fixture = await lookFixture(name);
    fixtures.set(name, fixture);
    await relookSite(BUILT, fixture);
  }
  // One at a time: the machine is shared, and each is small.
  for (const name of [BUILT, ...OTHERS]) servers.set(name, await startLookServer(name, PRIVATE_ENV));
}, 300_000);

afterAll(async () => {
  await Promise.all([...servers.values()].map((server) => server.stop()));
});

const chromium = useBrowser({}, { pagePerTest: true });

const lookOf = (name: string): Look => ({ ...DEFAULT_LOOK, ...fixtures.get(name)!.look });
const urlOf = (name: string) => servers.get(name)!.url;

/** A public, published case study of the content under test, whoever the designer is. */
function caseStudyPath(): string {
  const content = JSON.parse(readFileSync(path.join(ROOT, lookContentJson(BUILT)), 'utf8')) as CompiledContent;
  const card = content.cards.find((candidate) => candidate.href && !candidate.private);
  if (!card?.href) throw new Error('the content under test has no public case study');
  return card.href;
}

const hashOf = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('the look reaches every page, without a script, allowed by the CSP', () => {
  const pages = () => [
    { path: '/', status: 200 },
    { path: caseStudyPath(), status: 200 },
    { path: '/resume', status: 200 },
    { path: '/no/such/page', status: 404 },
    { path: PRIVATE_PATH, status: 200, lock: true },
  ];

  it('in the HTML of each page: the style, its hash in the CSP, the forced scheme', async () => {
    const css = lookCss(lookOf(BUILT));
    expect(css).toContain('--accent:#0d9488');
    for (const { path: at, status } of pages()) {
      const response = await fetch(urlOf(BUILT) + at);
      expect(response.status, at).toBe(status);
      const html = await response.text();
      expect(html, at).toContain(`<style data-look="">${css}</style>`);
      expect(html, at).toMatch(/<html lang="en" data-scheme="dark">/);
      expect(html, at).toContain('<meta name="color-scheme" content="dark"/>');
      const policy = response.headers.get('content-security-policy') ?? '';
      const styleSrc = policy.split(';').find((directive) => directive.trim().startsWith('style-src')) ?? '';
      expect(styleSrc.trim(), at).toBe(`style-src 'self' ${hashOf(css)}`);
    }
  });

  it(
    'in the browser: her colours and corners on every page, dark on a light device, and no CSP violation',
    { timeout: 120_000 },
    async () => {
      const palette = derivePalette(lookOf(BUILT));
      for (const { path: at, status, lock } of pages()) {
        const tracked = await chromium.open({ colorScheme: 'light' });
        const { page } = tracked;
        await page.addInitScript(() => {
          const w = window as unknown as { __csp: string[] };
          w.__csp = [];
          document.addEventListener('securitypolicyviolation', (event) => w.__csp.push(`${event.violatedDirective} ${event.blockedURI}`));
        });
        const response = await page.goto(urlOf(BUILT) + at);
        expect(response?.status(), at).toBe(status);
        if (!lock) await waitForReady(page);
        const seen = await page.evaluate(() => {
          const root = getComputedStyle(document.documentElement);
          return {
            accent: root.getPropertyValue('--accent').trim(),
            radius: root.getPropertyValue('--radius-2xl').trim(),
            scheme: root.colorScheme,
            background: getComputedStyle(document.body).backgroundColor,
            violations: (window as unknown as { __csp: string[] }).__csp,
          };
        });
        expect(seen, at).toEqual({
          accent: palette.dark.accent,
          radius: '1.75rem',
          scheme: 'dark',
          background: rgb(palette.dark.bg),
          violations: [],
        });
        await tracked.close();
      }
    },
  );
});

describe('square corners', () => {
  it('square the pills with words (buttons, tags, the badge), and keep a dot or a photo round', async () => {
    const tracked = await chromium.open({ viewport: { width: 1280, height: 900 } });
    await tracked.page.goto(urlOf('cyan-light-square'));
    const radii = await tracked.page.evaluate(() =>
      [...document.querySelectorAll('.rounded-full')].map((element) => ({
        words: element.textContent?.trim() !== '' && element.tagName !== 'IMG',
        radius: getComputedStyle(element).borderTopLeftRadius,
      })),
    );
    expect(radii.filter((pill) => pill.words).length).toBeGreaterThan(0);
    expect(radii.filter((pill) => pill.words).every((pill) => pill.radius === '0px')).toBe(true);
    expect(radii.some((shape) => !shape.words && shape.radius !== '0px')).toBe(true);
    await tracked.close();
  });
});

function rgb(hex: string): string {
  const [r, g, b] = [1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16));
  return `rgb(${r}, ${g}, ${b})`;
}

function describeViolations(results: AxeResults): string {
  return results.violations
    .map(
      (v) =>
        `${v.id}: ${v.help}\n${v.nodes.map((n) => `    ${n.target.join(' ')} — ${n.failureSummary?.split('\n').join(' ')}`).join('\n')}`,
    )
    .join('\n');
}

/** The scheme a look forces, read from its fixture as the tests are collected. */
function fixtureScheme(name: string): Look['scheme'] {
  const { look } = parseYaml(readFileSync(path.join(LOOKS_DIR, `${name}.yml`), 'utf8')) as { look: Partial<Look> };
  return look.scheme ?? 'system';
}

/** A forced scheme is checked on a device set the other way; otherwise both. */
const AXE_CASES = [BUILT, ...OTHERS].flatMap((name) => {
  const scheme = fixtureScheme(name);
  const devices = scheme === 'system' ? (['light', 'dark'] as const) : ([scheme === 'dark' ? 'light' : 'dark'] as const);
  return devices.map((device) => ({ name, device }));
});

describe('readable whatever she picks: axe’s colour rules in light and dark', () => {
  it.each(AXE_CASES)(
    '$name on a $device device: no colour-contrast violation on the home page and a case study',
    async ({ name, device }) => {
      const failures: string[] = [];
      for (const at of ['/', caseStudyPath()]) {
        const tracked = await chromium.open({ colorScheme: device, viewport: { width: 1280, height: 800 } });
        const { page } = tracked;
        await page.goto(urlOf(name) + at);
        await waitForReady(page);
        await waitForTransitionsToEnd(page);
        const results = await new AxeBuilder({ page }).withRules(['color-contrast', 'link-in-text-block']).analyze();
        if (results.violations.length) failures.push(`${at}:\n${describeViolations(results)}`);
        await tracked.close();
      }
      expect(failures.join('\n\n')).toBe('');
    },
    120_000,
  );
});
