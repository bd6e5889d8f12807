import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parse } from 'smol-toml';
import { afterAll, describe, expect, it } from 'vitest';
import { requiredOnNetlify } from '~/settings/env.server';
import { ROOT } from '../helpers/data/content';
import { anchorsIn, brokenLink, countWords, githubSlug, linksIn, markdownFilesUnder } from '../helpers/data/markdown-links';

/**
 * The README is the front door: short, with a Deploy to Netlify button whose
 * template asks for exactly what the code cannot do without, and links into
 * docs/ that all lead somewhere. Reads files only: no build needed.
 */

const README = path.join(ROOT, 'README.md');
const readme = readFileSync(README, 'utf8');
const DEPLOY_BUTTON_IMAGE = 'https://www.netlify.com/img/deploy/button.svg';

describe('README', () => {
  it('has fewer than 1,500 words (as wc -w counts)', () => {
    expect(countWords(readme)).toBeLessThan(1500);
  });

  it('opens with a Deploy to Netlify button: the start/deploy form with a repository', () => {
    const reference = new RegExp(
      `\\[!\\[[^\\]]*\\]\\(${DEPLOY_BUTTON_IMAGE.replace(/[.]/g, '\\.')}\\)\\](?:\\(([^)\\s]+)\\)|\\[([^\\]]+)\\])`,
    ).exec(readme);
    expect(reference, 'the button image, linked').not.toBeNull();
    const label = reference?.[2];
    const address = reference?.[1] ?? new RegExp(`^\\s{0,3}\\[${label}\\]:\\s*(\\S+)`, 'm').exec(readme)?.[1];
    expect(address, `the button's address (${label ? `[${label}]` : 'inline'})`).toBeDefined();
    const url = new URL(address!);
    expect(`${url.origin}${url.pathname}`).toBe('https://app.netlify.com/start/deploy');
    const repository = new URL(url.searchParams.get('repository') ?? 'missing:');
    expect(repository.protocol).toBe('https:');
    expect(repository.pathname.split('/').filter(Boolean)).toHaveLength(2);
    // Named once: whoever publishes the template changes one line.
    expect(readme.split(repository.href.replace(/\/$/, '')).length - 1).toBe(1);
  });
});

describe('links in README.md and docs/', () => {
  const files = [README, ...markdownFilesUnder(path.join(ROOT, 'docs'))];

  it('finds the docs and their links', () => {
    expect(files.map((file) => path.relative(ROOT, file))).toEqual(
      expect.arrayContaining(['docs/content.md', 'docs/deploy.md', 'docs/decisions/README.md']),
    );
    expect(linksIn(README, readme).length).toBeGreaterThan(10);
  });

  it('every relative link leads to a file, and every #anchor to a heading', () => {
    const broken = files.flatMap((file) =>
      linksIn(file, readFileSync(file, 'utf8')).flatMap((link) => {
        const reason = brokenLink(link);
        return reason ? [`${path.relative(ROOT, link.file)}:${link.line} → ${link.target}: ${reason}`] : [];
      }),
    );
    expect(broken).toEqual([]);
  });

  it('every docs/ file is linked from the README (decisions through their index)', () => {
    const linked = new Set(linksIn(README, readme).map((link) => path.resolve(ROOT, link.target.replace(/#.*/, ''))));
    const topics = markdownFilesUnder(path.join(ROOT, 'docs')).filter((file) => !file.includes(`${path.sep}decisions${path.sep}`));
    expect(topics.filter((file) => !linked.has(file)).map((file) => path.relative(ROOT, file))).toEqual([]);
  });
});

describe('the link checker itself', () => {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'front-door-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('makes GitHub slugs', () => {
    expect(githubSlug("The owner's area: `/admin`")).toBe('the-owners-area-admin');
    expect(githubSlug('`content/site.yml`: who the site is about')).toBe('contentsiteyml-who-the-site-is-about');
    expect(githubSlug("The rate limit: what it does and doesn't protect")).toBe('the-rate-limit-what-it-does-and-doesnt-protect');
    expect([...anchorsIn('## Images\n\n### Images\n```\n# not a heading\n```\n## Connecting from `/admin`\n')]).toEqual([
      'images',
      'images-1',
      'connecting-from-admin',
    ]);
  });

  it('reports a missing file and a missing anchor, and skips code and other sites', () => {
    const target = path.join(dir, 'target.md');
    writeFileSync(target, '# Target\n\n## A section\n');
    const source = path.join(dir, 'source.md');
    const text = [
      '[ok](target.md#a-section) [missing file](nowhere.md) [missing anchor](target.md#elsewhere)',
      '`[in code](nowhere.md)` [web](https://example.com/x.md) [self](#source)',
      '```',
      '[fenced](nowhere.md)',
      '```',
      '[label]: ./target.md#target',
      '# Source',
    ].join('\n');
    writeFileSync(source, text);
    const reasons = linksIn(source, text).map((link) => [link.target, brokenLink(link)]);
    expect(reasons).toEqual([
      ['target.md#a-section', null],
      ['nowhere.md', 'no such file: nowhere.md'],
      ['target.md#elsewhere', 'no heading #elsewhere in target.md'],
      ['https://example.com/x.md', null],
      ['#source', null],
      ['./target.md#target', null],
    ]);
  });
});

describe('netlify.toml', () => {
  const toml = parse(readFileSync(path.join(ROOT, 'netlify.toml'), 'utf8')) as {
    build?: { command?: string };
    template?: { environment?: Record<string, unknown> };
  };

  it('parses, and keeps its build', () => {
    expect(toml.build?.command).toBe('npm run build');
  });

  it("the Deploy button's template asks for exactly the settings a Netlify deploy requires, each with a description", () => {
    const asked = toml.template?.environment ?? {};
    expect(Object.keys(asked).sort()).toEqual([...requiredOnNetlify()].sort());
    for (const [name, description] of Object.entries(asked)) {
      expect(typeof description, name).toBe('string');
      expect((description as string).length, `${name}'s description`).toBeGreaterThan(20);
    }
  });
});
