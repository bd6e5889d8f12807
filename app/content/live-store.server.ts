import { createHash, randomUUID } from "node:crypto";
import {
  mkdir,
  open,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from "node:fs/promises";
import path from "node:path";
import { readEnv } from "~/settings/env.server";
import type { ContentVersion, VersionPointer } from "./live-version";

/**
 * Where published versions live until a build has them all: Netlify Blobs
 * on Netlify (a site store, read with strong consistency, so a publish is
 * seen by every instance at once), and a folder under .netlify/ for the Node
 * server, shared by every server started from this checkout.
 *
 * Keys: `current` (the pointer), `versions/<id>` (a version, JSON), and
 * `files/<sha256>` (the bytes of a file a version names). Files are shared
 * between versions, so a publish writes only what changed.
 *
 * Only the publish (the content-check function, owner-only) writes here; the
 * store is never reachable from a URL: the site serves from it only the
 * files the current version names.
 */
export interface LiveStore {
  readonly kind: "blobs" | "folder";
  readPointer(): Promise<{ pointer: VersionPointer; etag: string } | null>;
  readVersion(id: string): Promise<ContentVersion | null>;
  readFile(hash: string): Promise<Buffer | null>;
  hasFile(hash: string): Promise<boolean>;
  writeFile(hash: string, bytes: Buffer): Promise<void>;
  writeVersion(version: ContentVersion): Promise<void>;
  /** Sets the pointer when it is still `etag` (null: when there is none); false when another publish moved it meanwhile. */
  swapPointer(pointer: VersionPointer, etag: string | null): Promise<boolean>;
  /** The deploy's images the live version no longer shows (HIDDEN_IMAGES_KEY), for the edge function in front of them. */
  writeHiddenImages(record: HiddenImages): Promise<void>;
}

/**
 * The image files a deploy still holds that the live version's pages no
 * longer name (a case study made private, a photo replaced or deleted), as
 * the publish that made it live found them: `deploy` is the Netlify deploy it
 * was judged against (null outside Netlify). The edge function in front of
 * /generated/images (netlify/edge-functions/hidden-images.ts) answers 404 for
 * these names while that deploy is the one serving, until a build leaves them out.
 */
export type HiddenImages = { deploy: string | null; names: string[]; at: string };

/** Its key in the store; the edge function reads the same key and cannot import this file. */
export const HIDDEN_IMAGES_KEY = "hidden-images";

export const LIVE_STORE_NAME = "live-content";
export const LOCAL_LIVE_DIR = ".netlify/live-content";

/** The pointer's ETag when the store gave none (Netlify's local Blobs): it can then only be overwritten. */
const NO_ETAG = "";

const HASH = /^[0-9a-f]{64}$/;
const VERSION_ID = /^[0-9a-zA-Z-]{1,120}$/;

function checkedHash(hash: string): string {
  if (!HASH.test(hash)) throw new Error("Not a file hash.");
  return hash;
}

function checkedId(id: string): string {
  if (!VERSION_ID.test(id)) throw new Error("Not a version id.");
  return id;
}

/** `LIVE_STORE=blobs|folder|off` chooses; otherwise Netlify's Blobs where its context is set, else the folder. */
export function liveStoreKind(): "blobs" | "folder" | "off" {
  const chosen = readEnv("LIVE_STORE");
  if (chosen) return chosen;
  const netlify =
    readEnv("NETLIFY_BLOBS_CONTEXT") ||
    (globalThis as { netlifyBlobsContext?: unknown }).netlifyBlobsContext;
  return netlify ? "blobs" : "folder";
}

/**
 * Opened per use: on Netlify the Blobs context exists only inside a request
 * (getStore at module scope throws). Site stores are shared by every deploy
 * of the site, so a deploy preview or a branch deploy (`deployContext`, which
 * its build recorded) keeps its live content apart from production's.
 */
export async function openLiveStore(
  deployContext: string | null = null,
): Promise<LiveStore | null> {
  const kind = liveStoreKind();
  if (kind === "off") return null;
  if (kind === "blobs")
    return blobsStore(
      !deployContext || deployContext === "production"
        ? LIVE_STORE_NAME
        : `${LIVE_STORE_NAME}-${deployContext.replace(/[^a-z0-9-]/gi, "-").slice(0, 40)}`,
    );
  return folderStore(
    path.resolve(readEnv("LIVE_CONTENT_DIR") ?? LOCAL_LIVE_DIR),
  );
}

async function blobsStore(name: string): Promise<LiveStore> {
  const { getStore } = await import("@netlify/blobs");
  const store = getStore({ name, consistency: "strong" });
  return {
    kind: "blobs",
    async readPointer() {
      const found = await store.getWithMetadata("current", { type: "json" });
      if (!found) return null;
      // Netlify's local Blobs (`netlify serve`, `netlify dev`) answer reads without an ETag: the pointer still counts.
      return {
        pointer: found.data as VersionPointer,
        etag: found.etag ?? NO_ETAG,
      };
    },
    async readVersion(id) {
      return (
        ((await store.get(`versions/${checkedId(id)}`, {
          type: "json",
        })) as ContentVersion | null) ?? null
      );
    },
    async readFile(hash) {
      const bytes = await store.get(`files/${checkedHash(hash)}`, {
        type: "arrayBuffer",
      });
      return bytes ? Buffer.from(bytes) : null;
    },
    async hasFile(hash) {
      return (await store.getMetadata(`files/${checkedHash(hash)}`)) !== null;
    },
    async writeFile(hash, bytes) {
      await store.set(
        `files/${checkedHash(hash)}`,
        new Uint8Array(bytes).buffer as ArrayBuffer,
        { onlyIfNew: true },
      );
    },
    async writeVersion(version) {
      await store.setJSON(`versions/${checkedId(version.id)}`, version);
    },
    async swapPointer(pointer, etag) {
      if (etag === NO_ETAG) {
        // No ETag to match (the local Blobs): the last publish wins, as it would anyway one at a time.
        await store.setJSON("current", pointer);
        return true;
      }
      const result =
        etag === null
          ? await store.setJSON("current", pointer, { onlyIfNew: true })
          : await store.setJSON("current", pointer, { onlyIfMatch: etag });
      return result.modified;
    },
    async writeHiddenImages(record) {
      await store.setJSON(HIDDEN_IMAGES_KEY, record);
    },
  };
}

const sha = (bytes: Buffer | string) =>
  createHash("sha256").update(bytes).digest("hex");

/** Written aside and renamed: a reader never sees half a file. */
async function writeAtomically(file: string, bytes: Buffer | string) {
  await mkdir(path.dirname(file), { recursive: true });
  const partial = `${file}.${randomUUID()}.partial`;
  await writeFile(partial, bytes);
  await rename(partial, file);
}

const readOrNull = (file: string) =>
  readFile(file).catch((error: NodeJS.ErrnoException) => {
    if (error.code === "ENOENT") return null;
    throw error;
  });

function folderStore(root: string): LiveStore {
  const pointerFile = path.join(root, "current.json");
  const lockFile = path.join(root, "current.lock");
  return {
    kind: "folder",
    async readPointer() {
      const bytes = await readOrNull(pointerFile);
      return bytes
        ? {
            pointer: JSON.parse(bytes.toString("utf8")) as VersionPointer,
            etag: sha(bytes),
          }
        : null;
    },
    async readVersion(id) {
      const bytes = await readOrNull(
        path.join(root, "versions", `${checkedId(id)}.json`),
      );
      return bytes
        ? (JSON.parse(bytes.toString("utf8")) as ContentVersion)
        : null;
    },
    readFile: async (hash) =>
      readOrNull(path.join(root, "files", checkedHash(hash))),
    async hasFile(hash) {
      return (
        (await stat(path.join(root, "files", checkedHash(hash))).catch(
          () => null,
        )) !== null
      );
    },
    async writeFile(hash, bytes) {
      await writeAtomically(path.join(root, "files", checkedHash(hash)), bytes);
    },
    async writeVersion(version) {
      await writeAtomically(
        path.join(root, "versions", `${checkedId(version.id)}.json`),
        JSON.stringify(version),
      );
    },
    async swapPointer(pointer, etag) {
      // One writer at a time across processes: the lock file is created exclusively; a stale one (a crash) expires.
      await mkdir(root, { recursive: true });
      const deadline = Date.now() + 10_000;
      for (;;) {
        try {
          const handle = await open(lockFile, "wx");
          await handle.close();
          break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
          const age =
            Date.now() -
            ((await stat(lockFile).catch(() => null))?.mtimeMs ?? Date.now());
          if (age > 30_000) await rm(lockFile, { force: true });
          if (Date.now() > deadline)
            throw new Error("The live content is locked by another publish.");
          await new Promise((resolve) => setTimeout(resolve, 50));
        }
      }
      try {
        const now = await readOrNull(pointerFile);
        if ((now === null ? null : sha(now)) !== etag) return false;
        await writeAtomically(pointerFile, JSON.stringify(pointer));
        return true;
      } finally {
        await rm(lockFile, { force: true });
      }
    },
    async writeHiddenImages(record) {
      await writeAtomically(path.join(root, `${HIDDEN_IMAGES_KEY}.json`), JSON.stringify(record));
    },
  };
}
