import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { inlineScriptHashes } from '~/http/security-headers.server';
import { NEVER_SPECULATED, SPECULATION_RULES, SPECULATION_RULES_JSON } from '~/islands/speculation-rules';

const sha = (text: string) => `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('speculation rules', () => {
  it('are allowed by their hash, like every inline script; JSON-LD is data and is not', () => {
    const html = `<head><script type="application/ld+json">{"@type":"Person"}</script></head><body><script type="speculationrules">${SPECULATION_RULES_JSON}</script></body>`;
    expect(inlineScriptHashes(html)).toEqual([sha(SPECULATION_RULES_JSON)]);
  });

  it('prefetch same-origin pages at moderate eagerness, every path never to speculate on excluded; prerender case studies only', () => {
    const [prefetch] = SPECULATION_RULES.prefetch;
    expect(SPECULATION_RULES.prefetch).toHaveLength(1);
    expect(prefetch!.eagerness).toBe('moderate');
    const conditions = prefetch!.where.and;
    expect(conditions[0]).toEqual({ href_matches: '/*' });
    // Private media by their kind (every file they can be), so the rules never name their path.
    for (const pattern of [
      '/admin*',
      '/s/*',
      '/api/*',
      '/*.pdf',
      '/*.avif',
      '/*.webp',
      '/*.png',
      '/*.jpg',
      '/*.mp4',
      '/*.webm',
      '/*.svg',
    ]) {
      expect(NEVER_SPECULATED).toContain(pattern);
      expect(conditions).toContainEqual({ not: { href_matches: pattern } });
    }
    expect(SPECULATION_RULES_JSON).not.toContain('private-media');
    expect(SPECULATION_RULES.prerender.map((rule) => rule.where.and[0])).toEqual([{ href_matches: '/case-study/*' }]);
    expect(SPECULATION_RULES.prerender.every((rule) => rule.eagerness === 'moderate')).toBe(true);
  });
});

describe("the islands' boot URL", () => {
  async function bootUrlFrom(manifest: string): Promise<string | null> {
    const dir = mkdtempSync(path.join(tmpdir(), 'islands-manifest-'));
    const file = path.join(dir, 'islands.json');
    writeFileSync(file, manifest);
    vi.resetModules();
    vi.stubEnv('ISLANDS_MANIFEST', file);
    try {
      const { islandsBootUrl } = await import('~/islands/boot-url.server');
      return islandsBootUrl();
    } finally {
      vi.unstubAllEnvs();
    }
  }

  it('is the built boot module, a script of this site', async () => {
    expect(await bootUrlFrom('{"boot":"/build/islands/boot-ABC123.js"}')).toBe('/build/islands/boot-ABC123.js');
  });

  it.each([
    ['another origin', '{"boot":"https://elsewhere.example/boot.js"}'],
    ['a protocol-relative URL', '{"boot":"//elsewhere.example/boot.js"}'],
    ['a path out of the site', '{"boot":"/build/../../etc/boot.js"}'],
    ['something that is not a script', '{"boot":"/build/islands/boot.css"}'],
    ['a broken file', '{"boot":'],
  ])('is null for %s: the page then works as it does without JavaScript', async (_, manifest) => {
    expect(await bootUrlFrom(manifest)).toBeNull();
  });
});
