import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { NetlifyDB } from '@netlify/database-dev';

/**
 * The embedded engine the local server uses (@netlify/database-dev: PGlite
 * behind a Postgres wire-protocol server), on a temporary folder, in this
 * process. Never the developer's .netlify/db.
 */
export type EmbeddedDb = { url: string; dir: string; stop: () => Promise<void> };

export async function startEmbeddedDb(): Promise<EmbeddedDb> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'portfolio-embedded-'));
  const engine = new NetlifyDB({ directory: dir, logger: () => {} });
  try {
    const url = await engine.start();
    return {
      url,
      dir,
      stop: async () => {
        await engine.stop();
        await rm(dir, { recursive: true, force: true });
      },
    };
  } catch (error) {
    await engine.stop().catch(() => {});
    await rm(dir, { recursive: true, force: true });
    throw error;
  }
}
