import { readdirSync, watch, type Dirent, type FSWatcher } from 'node:fs';
import path from 'node:path';
import type { RequestHandler, Response } from 'express';
import { registerLocalContentRefresh } from '../app/editing/going-live/local-content-refresh.server';
import { CONTENT_EVENTS_PATH } from '../app/utils/dev-reload';
import { ContentError } from '../pipeline/content/errors';
import { contentErrorPage } from './content-error-page';

/**
 * Content under `npm run dev`, compiled in the running server's own process.
 * remix dev restarts the app server after an edit under app/ (code); content
 * is not its business any more (remix.config.js watches nothing else), so
 * an edit to content/, by hand or published from the editor, never stops the
 * server: a request in flight finishes, a publish confirmed meanwhile lands,
 * and nobody meets "connection refused".
 *
 * - content/ is watched; each change (or a burst of them) compiles it again
 *   with the build's own code (pipeline/build-content.ts), one compile at a
 *   time. Pages read the compiled JSON afresh once it is rewritten
 *   (app/content/content.server.ts).
 * - A publish from the editor waits for its compile before answering
 *   (app/editing/going-live/local-content-refresh.server.ts), so the page it leads to
 *   shows what was published.
 * - While the content has a mistake, every request gets the error page
 *   (scripts/content-error-page.ts), which names the file, field and line;
 *   the site comes back with the fix.
 * - Open pages hear of each compile over /__dev/content-events and reload
 *   (app/utils/dev-reload.ts), as they do after a rebuild of the code.
 */

export { CONTENT_EVENTS_PATH };
/** Editors save in bursts (a temporary file, a rename); one compile answers a burst. */
const SETTLE_MS = 150;

type CompileOutcome = { ok: true } | { ok: false; problem: string };

export type DevContent = {
  /** The mistake the content has now, if any. */
  error: () => ContentError | undefined;
  /** Compiles content/ once more; resolves after a compile that started after this call. */
  refresh: () => Promise<CompileOutcome>;
  /** In front of everything else: the error page while the content has a mistake. */
  errorPage: RequestHandler;
  /** The event stream open pages listen to. */
  events: RequestHandler;
  close: () => void;
};

/**
 * One compile. A content mistake is returned (the error page shows it); anything else (a bug, a full
 * disk) is not the designer's to fix: at start the server stops, as `npm run build` would; later, the
 * site keeps what it last compiled and the terminal says why.
 */
async function compileOnce(atStart: boolean): Promise<{ error?: ContentError; failed?: true }> {
  const { buildContent, reportContentError } = await import('../pipeline/build-content');
  try {
    await buildContent();
    return {};
  } catch (error) {
    reportContentError(error);
    if (error instanceof ContentError) return { error };
    if (atStart) process.exit(1);
    console.error('Content: this compile failed (above); the site shows what was compiled before.');
    return { failed: true };
  } finally {
    // mdx-bundler's esbuild keeps a helper process; end it, so that remix dev's
    // restart (kill the tree, then wait 2 s for all of it) finds only this one.
    await (await import('esbuild')).stop();
  }
}

function readdirSafe(dir: string): Dirent[] {
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true });
  } catch {
    return [];
  }
}

export async function startDevContent(contentDir = path.resolve('content')): Promise<DevContent> {
  let current = (await compileOnce(true)).error;
  let running: Promise<void> | undefined;
  let queued: Promise<CompileOutcome> | undefined;
  const listeners = new Set<Response>();

  const tellPages = () => {
    for (const res of listeners) res.write(`data: ${current ? 'content-error' : 'content'}\n\n`);
  };

  const run = async (): Promise<CompileOutcome> => {
    const started = performance.now();
    const outcome = await compileOnce(false);
    if (outcome.failed) return { ok: false, problem: 'the content could not be compiled (see the terminal)' };
    current = outcome.error;
    if (!current) console.log(`Content compiled again (${Math.round(performance.now() - started)} ms); the server kept running.`);
    tellPages();
    return current ? { ok: false, problem: current.message } : { ok: true };
  };

  // One compile at a time; calls that arrive during one share the next.
  const refresh = (): Promise<CompileOutcome> => {
    if (queued) return queued;
    const next = (running ?? Promise.resolve()).then(() => {
      queued = undefined;
      const result = run();
      running = result.then(() => undefined);
      return result;
    });
    queued = next;
    return next;
  };

  let timer: NodeJS.Timeout | undefined;
  const changed = (name: string | null) => {
    // A file being written aside before its rename (the editor's publish) is not a change yet.
    if (name && /\.tmp$|\.partial$|~$|\.swp$/.test(name)) return;
    clearTimeout(timer);
    timer = setTimeout(() => {
      watchFolders();
      void refresh();
    }, SETTLE_MS);
  };
  // One watcher per folder, not fs.watch's recursive mode: on Linux that one watches each file, and
  // loses a file once it has been replaced by a rename (as every publish writes), missing later edits.
  const watchers = new Map<string, FSWatcher>();
  const watchFolders = () => {
    const folders = [contentDir];
    for (const entry of readdirSafe(contentDir)) if (entry.isDirectory()) folders.push(path.join(entry.parentPath, entry.name));
    for (const [folder, watcher] of watchers) {
      if (!folders.includes(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, (_event, name) => changed(name === null ? null : String(name)));
        watcher.on('error', () => undefined);
        watchers.set(folder, watcher);
      } catch (error) {
        console.warn(`Content: not watching ${folder} (${(error as Error).message}); restart npm run dev to see edits there.`);
      }
    }
  };
  watchFolders();

  // The editor's publish under this server waits for its content to be compiled.
  registerLocalContentRefresh(refresh);

  const close = () => {
    clearTimeout(timer);
    for (const watcher of watchers.values()) watcher.close();
    for (const res of listeners) res.end();
    listeners.clear();
  };
  // The event streams never end by themselves: a graceful stop must not wait for them.
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, close);

  return {
    error: () => current,
    refresh,
    errorPage: (req, res, next) => (current ? contentErrorPage(current)(req, res, next) : next()),
    events: (_req, res) => {
      res.status(200).set({ 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-store', 'X-Accel-Buffering': 'no' });
      res.flushHeaders();
      res.write(': connected\n\n');
      listeners.add(res);
      // The response's close (the page went away); the request's fires as soon as it has been read.
      res.on('close', () => listeners.delete(res));
    },
    close,
  };
}
