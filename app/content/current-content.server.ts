import { AsyncLocalStorage } from 'node:async_hooks';
import { readFileSync, statSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { CompiledContent } from './schema';
import { liveIsNewer, type ContentVersion, type VersionFile, type VersionPointer } from './live-version';
import { openLiveStore } from './live-store.server';

/**
 * Which version of the content a request gets: the build's, or the live
 * one a publish made since (live-store.server.ts), when it is newer than
 * the build (live-version.ts, liveIsNewer). Decided once per request, at
 * its start, and kept for the whole request (an AsyncLocalStorage), so a
 * page and everything it reads come from one version.
 *
 * Reading the live pointer is one small read (a file here, a strong Blobs
 * read on Netlify); a version is loaded once per instance and kept in
 * memory. If the store cannot be read in time, the build's content is
 * served at once and the owner's area says so (storeProblem).
 */

export type LoadedVersion = {
  pointer: VersionPointer;
  /** The build's deploy context (Netlify's CONTEXT at build time: production, deploy-preview…); null elsewhere. */
  deployContext?: string | null;
  /** The repository and branch the build was made from (Netlify's REPOSITORY_URL and BRANCH at build time); null when unknown. */
  builtFrom?: { repository: string | null; branch: string | null };
  source: 'build' | 'live';
  content: CompiledContent;
  files: Record<string, VersionFile>;
  /** A live version's image files (live-version.ts, ContentVersion.images); the build's are its static files. */
  images?: ReadonlySet<string>;
  /** The bytes of a file this version names (`/resume.pdf`), or null. */
  readFile(sitePath: string): Promise<Buffer | null>;
};

export type RequestContent = { version: LoadedVersion; tags: Set<string> };

const ROOT = process.env.LAMBDA_TASK_ROOT ?? '.';
export const CONTENT_JSON_PATH = path.resolve(ROOT, process.env.CONTENT_JSON_PATH ?? '.generated/content.json');
/** The build's own version: its commit and the files it made from content (pipeline/render-site.ts). */
export const BUILD_VERSION_PATH = path.join(path.dirname(CONTENT_JSON_PATH), 'build-version.json');
export const SITE_FILES_DIR = path.join(path.dirname(CONTENT_JSON_PATH), 'site-files');

/** A store slower than this serves the build's content: a visitor never waits on it. */
// The database's connect bound: a cold function's first read of Blobs can take a second on a busy host.
export const STORE_WAIT_MS = 2_000;

// Shared through globalThis: this module is bundled into more than one copy in one process (the Node server's bundle and Remix's build).
const SCOPE_KEY = Symbol.for('portfolio.requestContent');
const STATE_KEY = Symbol.for('portfolio.currentContentState');
type State = {
  build?: { mtimeMs: number; version: LoadedVersion };
  live: Map<string, LoadedVersion>;
  storeProblem?: { at: string; reason: string };
  lastSeen?: LoadedVersion;
};
const shared = globalThis as typeof globalThis & { [SCOPE_KEY]?: AsyncLocalStorage<RequestContent>; [STATE_KEY]?: State };
const scope = (shared[SCOPE_KEY] ??= new AsyncLocalStorage<RequestContent>());
const state: State = (shared[STATE_KEY] ??= { live: new Map<string, LoadedVersion>() } as State);

export function currentRequestContent(): RequestContent | undefined {
  return scope.getStore();
}

export function runWithContent<T>(content: RequestContent, run: () => T): T {
  return scope.run(content, run);
}

/** The build's version; content.json is read again when it changes (npm run dev compiles it in place). */
export function buildVersion(): LoadedVersion {
  let mtimeMs: number;
  try {
    mtimeMs = statSync(CONTENT_JSON_PATH).mtimeMs;
  } catch {
    throw new Error(`Compiled content not found at ${CONTENT_JSON_PATH}. Run "npm run build" (or "npm run content") first.`);
  }
  if (state.build && (process.env.NODE_ENV === 'production' || state.build.mtimeMs === mtimeMs)) return state.build.version;
  const content = JSON.parse(readFileSync(CONTENT_JSON_PATH, 'utf8')) as CompiledContent;
  let stamp: { pointer: VersionPointer; files: Record<string, VersionFile>; context?: string | null; repository?: string | null; branch?: string | null };
  try {
    stamp = JSON.parse(readFileSync(BUILD_VERSION_PATH, 'utf8')) as typeof stamp;
  } catch {
    // content.json alone (an older build, `npm run content` of before): no files, no commit.
    stamp = { pointer: { id: 'build', commit: null, committedAt: null, ancestors: [], renderedAt: new Date(0).toISOString() }, files: {} };
  }
  const version: LoadedVersion = {
    pointer: stamp.pointer,
    deployContext: stamp.context ?? null,
    builtFrom: { repository: stamp.repository ?? null, branch: stamp.branch ?? null },
    source: 'build',
    content,
    files: stamp.files,
    async readFile(sitePath) {
      if (!Object.hasOwn(stamp.files, sitePath)) return null;
      return readFile(path.join(SITE_FILES_DIR, ...sitePath.split('/').filter(Boolean))).catch(() => null);
    },
  };
  state.build = { mtimeMs, version };
  return version;
}

function bounded<T>(work: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}

function liveVersion(version: ContentVersion, readStoreFile: (hash: string) => Promise<Buffer | null>): LoadedVersion {
  const { content, files, images, ...pointer } = version;
  return {
    pointer: { id: pointer.id, commit: pointer.commit, committedAt: pointer.committedAt, ancestors: pointer.ancestors, renderedAt: pointer.renderedAt },
    source: 'live',
    content,
    files,
    ...(images ? { images: new Set(images) } : {}),
    readFile: (sitePath) => {
      const file = Object.hasOwn(files, sitePath) ? files[sitePath] : undefined;
      return file ? readStoreFile(file.hash) : Promise.resolve(null);
    },
  };
}

/** The version this request should see. Never throws for the store: a store that fails serves the build. */
export async function resolveCurrentVersion(): Promise<LoadedVersion> {
  const build = buildVersion();
  // `npm run dev` shows the working tree, compiled in its own process: the live store is for built sites.
  if (process.env.NODE_ENV !== 'production') return build;
  try {
    const store = await openLiveStore(build.deployContext);
    if (!store) return build;
    const found = await bounded(store.readPointer(), STORE_WAIT_MS);
    state.storeProblem = undefined;
    if (!found || !liveIsNewer(found.pointer, build.pointer)) return build;
    const id = found.pointer.id;
    let version = state.live.get(id);
    if (!version) {
      const stored = await bounded(store.readVersion(id), STORE_WAIT_MS);
      if (!stored) throw new Error(`the version ${id} the pointer names is missing`);
      version = liveVersion(stored, (hash) => store.readFile(hash));
      state.live.set(id, version);
      // Two versions are plenty: the one before stays for requests still running on it.
      for (const old of [...state.live.keys()].slice(0, -2)) state.live.delete(old);
    }
    return version;
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    if (!state.storeProblem) console.warn(`live content: cannot read the live store, serving the build's content (${reason})`);
    state.storeProblem = { at: new Date().toISOString(), reason };
    return build;
  }
}

/** Set while the last read of the live store failed: the site shows the build's (maybe older) content. */
export function liveStoreProblem(): { at: string; reason: string } | undefined {
  return state.storeProblem;
}

/**
 * The version this instance served before this one, when it differs: the
 * Node server's page cache then drops what the new version changed
 * (app/http/live-content.server.ts).
 */
export function noteServedVersion(version: LoadedVersion): LoadedVersion | undefined {
  const before = state.lastSeen;
  state.lastSeen = version;
  return before !== undefined && before.pointer.id !== version.pointer.id ? before : undefined;
}
