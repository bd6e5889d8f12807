import { createHash } from 'node:crypto';
import { devSocketUrl } from '~/utils/dev-reload';

/**
 * Security headers for every HTML response.
 *
 * The CSP allows exactly the inline scripts in the page it is sent with, by
 * their SHA-256 hashes, computed from the final HTML. Unlike a per-request
 * nonce this stays valid when the CDN serves the same cached page to every
 * visitor: the header and the body are cached together, and the hashes
 * describe that body. Remix escapes the data it inlines, so content cannot
 * close a script early and smuggle in one of its own.
 */

const INLINE_SCRIPT = /<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi;
// Speculation rules are not JavaScript, but script-src governs them like an inline script (root.tsx renders them).
const EXECUTABLE_TYPE = /\btype\s*=\s*["']?(module|text\/javascript|application\/javascript|speculationrules)\b/i;

export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes = '', body = ''] of html.matchAll(INLINE_SCRIPT)) {
    if (/\ssrc\s*=/i.test(attributes)) continue;
    // JSON-LD and other data blocks never execute, so script-src ignores them.
    if (/\btype\s*=/i.test(attributes) && !EXECUTABLE_TYPE.test(attributes)) continue;
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  }
  return [...hashes];
}

/**
 * Her look's inline style (root.tsx, app/look/): allowed by its hash the same
 * way. Only that <style>, in the <head>, is hashed, never one a story in the
 * body might carry, so style-src stays 'self' for everything else. Its text
 * is made from a hex colour and fixed words the schema checked, so it cannot
 * end early.
 */
const LOOK_STYLE = /<style\b[^>]*\bdata-look\b[^>]*>([\s\S]*?)<\/style\s*>/gi;

export function lookStyleHashes(html: string): string[] {
  const hashes = new Set<string>();
  const head = html.slice(0, Math.max(0, html.indexOf('</head>')));
  for (const [, body = ''] of head.matchAll(LOOK_STYLE))
    hashes.add(`'sha256-${createHash('sha256').update(body, 'utf8').digest('base64')}'`);
  return [...hashes];
}

/**
 * The hosts of the page's click-to-load embeds (app/components/mdx/Embed.tsx
 * writes each player's origin as data-embed-origin at build time). Only
 * these may be framed, and only after the visitor clicks: until then the
 * page creates no iframe at all.
 */
const EMBED_ORIGIN = /\sdata-embed-origin="(https:\/\/[a-z0-9.-]+)"/g;

export function embedOrigins(html: string): string[] {
  return [...new Set([...html.matchAll(EMBED_ORIGIN)].map(([, origin = '']) => origin))].sort();
}

/** Under `npm run dev`, pages also talk to the dev server's WebSocket (app/utils/dev-reload.ts). */
function devConnectSources(): string {
  const origin = process.env.NODE_ENV === 'development' ? process.env.REMIX_DEV_ORIGIN : undefined;
  return origin ? ` ${devSocketUrl(origin).replace(/\/socket$/, '')}` : '';
}

export function contentSecurityPolicy(scriptHashes: string[], frameOrigins: string[] = [], styleHashes: string[] = []): string {
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    ...(frameOrigins.length ? [`frame-src ${frameOrigins.join(' ')}`] : []),
    `style-src 'self' ${styleHashes.join(' ')}`.trim(),
    // blob: is the browser's own copy of a photo she picked, shown as a thumbnail before anything is sent (PhotoRows.tsx).
    "img-src 'self' data: blob:",
    "font-src 'self'",
    `connect-src 'self'${devConnectSources()}`,
    "manifest-src 'self'",
    "form-action 'self'",
    "base-uri 'none'",
    "object-src 'none'",
    "frame-ancestors 'none'",
  ].join('; ');
}

export function setSecurityHeaders(headers: Headers, html: string): void {
  headers.set('Content-Security-Policy', contentSecurityPolicy(inlineScriptHashes(html), embedOrigins(html), lookStyleHashes(html)));
  headers.set('Strict-Transport-Security', 'max-age=63072000; includeSubDomains; preload');
  headers.set('X-Content-Type-Options', 'nosniff');
  headers.set('X-Frame-Options', 'DENY');
  // A page whose address carries a secret (a share link, a one-time sign-in link) asks for a stricter policy: keep it.
  if (!['no-referrer', 'same-origin'].includes(headers.get('Referrer-Policy') ?? ''))
    headers.set('Referrer-Policy', 'strict-origin-when-cross-origin');
  headers.set('Cross-Origin-Opener-Policy', 'same-origin');
  headers.set(
    'Permissions-Policy',
    'accelerometer=(), camera=(), geolocation=(), gyroscope=(), magnetometer=(), microphone=(), payment=(), usb=(), browsing-topics=()',
  );
}
