import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { CompiledContent } from '~/content/schema';
import type { VersionFile, VersionPointer } from '~/content/live-version';
import { ROOT } from '../helpers/data/content';
import { saveEnv } from '../helpers/env';
import { rawRequest } from '../helpers/site/http';
import { startServer } from '../helpers/start/server';
import { useStarted } from '../helpers/suite/use-started';

/**
 * The first and third findings of the third attack review: an image the live
 * content no longer shows (a case study made private, a photo replaced or
 * deleted) was refused at its exact address only, and any other spelling of
 * it (`//`, `./`, `%69`, `%2F`, `..%2F`) was answered by a static handler,
 * which normalises the path first; those answers carried no sandbox CSP.
 * Each spelling is sent as written (node http, as `curl --path-as-is`).
 */

const build = JSON.parse(readFileSync(path.join(ROOT, '.generated/build-version.json'), 'utf8')) as {
  pointer: VersionPointer;
  files: Record<string, VersionFile>;
  images: string[];
};
const onDisk = build.images.filter((name) => existsSync(path.join(ROOT, 'public/generated/images', name)));
// Half of the build's images leave the live content (as a case study made private takes its story images out); the rest stay.
const hidden = onDisk.filter((_, index) => index % 2 === 0);
const shown = onDisk.filter((_, index) => index % 2 === 1);

/** Every spelling of `/generated/images/<name>` the attack used. */
const spellings = (name: string) => [
  `/generated//images/${name}`,
  `/generated/./images/${name}`,
  `/generated/%69mages/${name}`,
  `//generated/images/${name}`,
  `/generated%2Fimages%2F${name}`,
  `/generated%2fimages/${name}`,
  `/x/..%2Fgenerated/images/${name}`,
  `/x/../generated/images/${name}`,
  `/GENERATED/%69mages/${name}`,
];

const liveDir = mkdtempSync(path.join(tmpdir(), 'path-spellings-live-'));
afterAll(() => rmSync(liveDir, { recursive: true, force: true }));

/** A live version newer than the build, with the build's content and files, whose pages name only `shown`. */
async function publishWithout(images: string[]) {
  const restore = saveEnv(['LIVE_CONTENT_DIR', 'LIVE_STORE']);
  process.env.LIVE_CONTENT_DIR = liveDir;
  process.env.LIVE_STORE = 'folder';
  try {
    const { openLiveStore } = await import('~/content/live-store.server');
    const store = (await openLiveStore())!;
    const now = new Date().toISOString();
    const pointer: VersionPointer = {
      id: 'spellings-test',
      commit: 'f'.repeat(40),
      committedAt: now,
      ancestors: [build.pointer.commit ?? ''].filter(Boolean),
      renderedAt: now,
    };
    const content = JSON.parse(readFileSync(path.join(ROOT, '.generated/content.json'), 'utf8')) as CompiledContent;
    await store.writeVersion({ ...pointer, content, files: {}, images });
    if (!(await store.swapPointer(pointer, null))) throw new Error('the test’s live store already had a pointer');
  } finally {
    restore();
  }
}

const server = useStarted(
  async () => {
    await publishWithout(shown);
    return startServer({ LIVE_CONTENT_DIR: liveDir, LIVE_STORE: 'folder' });
  },
  (started) => started.stop(),
);

describe('an image the live content no longer shows', () => {
  it('the build has images to hide and to keep (the content under test has at least two)', () => {
    expect(hidden.length).toBeGreaterThanOrEqual(1);
    expect(shown.length).toBeGreaterThanOrEqual(1);
  });

  it('answers 404 at its own address and at every other spelling of it', async () => {
    for (const name of hidden) {
      for (const spelling of [`/generated/images/${name}`, ...spellings(name)]) {
        const answer = await rawRequest(server.url, spelling);
        expect(answer.status, spelling).toBe(404);
        expect(answer.body.byteLength, spelling).toBeLessThan(100);
      }
    }
  });

  it('HEAD is refused the same way', async () => {
    const name = hidden[0]!;
    for (const spelling of spellings(name)) expect((await rawRequest(server.url, spelling, { method: 'HEAD' })).status, spelling).toBe(404);
  });
});

describe('every file under /generated', () => {
  it('is served at its own address, with the sandbox CSP', async () => {
    const answer = await rawRequest(server.url, `/generated/images/${shown[0]}`);
    expect(answer.status).toBe(200);
    expect(answer.headers['content-security-policy']).toMatch(/\bsandbox\b/);
  });

  it('is never served on another spelling without the sandbox CSP', async () => {
    for (const name of shown) {
      for (const spelling of spellings(name)) {
        const answer = await rawRequest(server.url, spelling);
        if (answer.status === 200) expect(answer.headers['content-security-policy'], spelling).toMatch(/\bsandbox\b/);
        else expect(answer.status, spelling).toBe(404);
      }
    }
  });
});
