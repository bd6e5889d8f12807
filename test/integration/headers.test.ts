import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { NOT_FOUND_CDN_CACHE, PAGE_CACHE, PAGE_CDN_CACHE } from '~/http/cache-headers.server';
import { publicSite } from '../helpers/suite/public-site';
import { group, must } from '../helpers/must';

const server = { url: publicSite() };

const PAGES = ['/', '/resume', '/case-study/office-depot'];
const ALL_HTML = [...PAGES, '/no/such/page', '/case-study/unknown'];

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp.split(';').map((part) => {
      const [name, ...values] = part.trim().split(/\s+/);
      return [must(name, 'a directive name'), values];
    }),
  );
}

describe('security headers on every HTML response', () => {
  it.each(ALL_HTML)('%s', async (path) => {
    const response = await fetch(server.url + path);
    const html = await response.text();
    const csp = response.headers.get('content-security-policy') ?? '';
    const policy = directives(csp);
    expect(policy.get('script-src')?.[0]).toBe("'self'");
    expect(csp).not.toMatch(/unsafe-inline|unsafe-eval|nonce-/);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(response.headers.get('strict-transport-security')).toMatch(/^max-age=\d{8,}; includeSubDomains/);
    expect(response.headers.get('x-content-type-options')).toBe('nosniff');
    expect(response.headers.get('referrer-policy')).toBe('strict-origin-when-cross-origin');
    expect(response.headers.get('permissions-policy')).toMatch(/camera=\(\).*geolocation=\(\).*microphone=\(\)/);

    // Exactly the page's own inline scripts are allowed, by hash.
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)(?![^>]*type="application\/ld\+json")[^>]*>([\s\S]*?)<\/script>/g)].map(
      (match) => `'sha256-${createHash('sha256').update(group(match, 'an inline script')).digest('base64')}'`,
    );
    expect(inline.length).toBeGreaterThan(0);
    expect(new Set(policy.get('script-src')?.slice(1))).toEqual(new Set(inline));
  });

  it('the same page gets the same policy on every request, so a CDN may cache it', async () => {
    const [a, b] = await Promise.all([fetch(server.url + '/'), fetch(server.url + '/')]);
    expect(a.headers.get('content-security-policy')).toBe(b.headers.get('content-security-policy'));
  });
});

describe('caching', () => {
  it.each(PAGES)('%s: browsers revalidate, the CDN keeps it', async (path) => {
    const response = await fetch(server.url + path);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(PAGE_CDN_CACHE);
  });

  it('client-side navigation data (.data) follows the page policy', async () => {
    const response = await fetch(`${server.url}/resume.data`);
    expect(response.status).toBe(200);
    expect(response.headers.get('cache-control')).toBe(PAGE_CACHE);
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(PAGE_CDN_CACHE);
  });

  it('a 404 is cached for a minute at most', async () => {
    const response = await fetch(`${server.url}/no/such/page`);
    expect(response.status).toBe(404);
    expect(response.headers.get('netlify-cdn-cache-control')).toBe(NOT_FOUND_CDN_CACHE);
    expect(NOT_FOUND_CDN_CACHE).toMatch(/s-maxage=([1-9]|[1-5]\d|60)$/);
  });

  it('a POST (the contact action, as a page or as .data) is never cached', async () => {
    for (const path of ['/?index', '/_root.data?index']) {
      const response = await fetch(server.url + path, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ firstName: '' }),
      });
      expect(response.status, path).toBe(422);
      expect(response.headers.get('cache-control'), path).toBe('no-store');
      expect(response.headers.get('netlify-cdn-cache-control'), path).toBeNull();
    }
  });

  it('hashed assets are immutable for a year; other static files are not', async () => {
    const html = await (await fetch(server.url + '/')).text();
    // Links and scripts name their file with href or src; the islands' boot module is added at load by an inline script that names it.
    const assets = [...html.matchAll(/(?:href|src|data-islands-boot)="(\/build\/[^"]+)"/g)].map((match) => match[1]);
    // The stylesheet and the islands' boot module (a public page loads nothing else of the build).
    expect(assets.some((asset) => asset?.endsWith('.css'))).toBe(true);
    expect(assets.some((asset) => asset?.startsWith('/build/islands/boot-'))).toBe(true);
    for (const asset of assets) {
      const response = await fetch(server.url + asset);
      expect(response.status, asset).toBe(200);
      expect(response.headers.get('cache-control'), asset).toBe('public, max-age=31536000, immutable');
    }
    const pdf = await fetch(`${server.url}/resume.pdf`);
    expect(pdf.headers.get('cache-control')).not.toMatch(/immutable/);
  });
});
