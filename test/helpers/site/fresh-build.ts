import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect } from 'vitest';
import { buildClone, serveClone } from '../start/built-clone';
import type { GitRemote } from '../start/git-remote';
import { PRIVATE_ENV, PRIVATE_PATH } from '../data/private';
import type { RunningServer } from '../start/server';
import { bytes, sha, text } from './live-site';
import { group } from '../must';

/**
 * "A fresh build from the branch gives the same site as the live one": the
 * remote's branch, cloned after the publishes and built by the real content
 * step of `npm run build` in the clone (built-clone.ts; its image variants
 * land in the clone's public/, never in this checkout's), served by this
 * checkout's server with an empty live store of its own, so it shows its
 * build. Every page, the resume PDF, the sharing cards and the favicons are
 * compared with what the live site serves.
 */

/**
 * What differs between two correct servers, and why it may:
 * - the CSP nonce: a fresh one per answer, by design (every inline script and
 *   the Content-Security-Policy header carry it);
 * - nothing else was found to differ. The Remix manifest's version and the
 *   asset names come from this checkout's one app build, which both servers
 *   run; the content carries no build id (the PDF's creation date is fixed,
 *   pipeline/resume-pdf.ts, and the cards are drawn from content alone).
 */
export function normalisedHtml(html: string): string {
  return html.replace(/nonce="[A-Za-z0-9+/=_-]+"/g, 'nonce="…"');
}

/** The first differing lines of two texts, for a readable failure. */
function firstDifference(a: string, b: string): string {
  const left = a.split(/(?<=>)/);
  const right = b.split(/(?<=>)/);
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    if (left[i] !== right[i]) return `live:  ${left.slice(i, i + 3).join('')}\nfresh: ${right.slice(i, i + 3).join('')}`;
  }
  return '';
}

/** The site's pages: the home page, the resume, every case study the home page links (and the private one, locked), the privacy page. */
function pagesOf(homeHtml: string): string[] {
  const caseStudies = [...homeHtml.matchAll(/href="(\/case-study\/[a-z0-9-]+)"/g)].map((match) => group(match, 'a case study link'));
  return [...new Set(['/', '/resume', '/privacy', ...caseStudies, PRIVATE_PATH])];
}

export async function compareWithFreshBuild(remote: GitRemote, live: RunningServer): Promise<void> {
  const clone = await buildClone(remote);
  let fresh: RunningServer | undefined;
  try {
    // The live server's public origin (PORT=0: http://localhost:3000) and private case study settings.
    fresh = await serveClone(clone, 'http://localhost:3000', PRIVATE_ENV);
    const home = await text(`${live.url}/`);
    const pages = pagesOf(home.body);
    expect(pages.filter((page) => page.startsWith('/case-study/')).length).toBeGreaterThanOrEqual(3);
    for (const page of pages) {
      const a = await text(`${live.url}${page}`);
      const b = await text(`${fresh.url}${page}`);
      expect(a.status, page).toBe(b.status);
      const left = normalisedHtml(a.body);
      const right = normalisedHtml(b.body);
      if (left !== right) expect.fail(`${page} differs between the live site and a fresh build:\n${firstDifference(left, right)}`);
    }
    // The files made from content: every one the fresh build made, the same bytes from both.
    const stamp = JSON.parse(readFileSync(path.join(clone.dir, '.generated/build-version.json'), 'utf8')) as {
      files: Record<string, { hash: string }>;
    };
    const files = Object.keys(stamp.files);
    expect(files).toEqual(expect.arrayContaining(['/resume.pdf', '/social/resume.png', '/favicon.ico']));
    for (const file of files) {
      const a = await bytes(`${live.url}${file}`);
      const b = await bytes(`${fresh.url}${file}`);
      expect([a.status, b.status], file).toEqual([200, 200]);
      expect(sha(a.body), `${file}: live and fresh build differ`).toBe(sha(b.body));
      expect(sha(b.body)).toBe(stamp.files[file]?.hash);
    }
  } finally {
    await fresh?.stop();
    clone.dispose();
  }
}
