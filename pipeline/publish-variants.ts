import type { LiveStore } from '../app/content/live-store.server';
import { changedTags, tagHashes, type ContentVersion, type VersionFile } from '../app/content/live-version';
import { encodeVariants } from './images';
import { sha256 } from './render-site';

/**
 * The image variants a publish left pending (publish-live.ts,
 * `deferVariants`), made after it answered: by the content-variants
 * background function on Netlify (15 minutes, where a publish has 60 s),
 * in the background of the local server. It takes the current version,
 * makes each pending variant from its source image (kept in the store),
 * and makes current a copy of that version with the variants in place, then
 * purges exactly those files' cache tags. A publish made meanwhile is not
 * overwritten: the work is redone on the version that is current then,
 * reusing every variant made so far, until no variant is pending.
 */

export type VariantsOutcome = { made: number; version: string | null; ms: number };

const MAX_ROUNDS = 5;

type Pending = VersionFile & Required<Pick<VersionFile, 'pending'>>;

const keyOf = (file: Pending) => `${file.hash} ${file.pending.width} ${file.pending.format}`;

export async function completePendingVariants({
  store,
  purge,
  log = console.log,
}: {
  store: LiveStore;
  purge: (tags: string[]) => Promise<void>;
  log?: (line: string) => void;
}): Promise<VariantsOutcome> {
  const started = performance.now();
  // One variant's bytes per source, width and format: a second round (a publish landed meanwhile) reuses them.
  const made = new Map<string, VersionFile>();
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const now = await store.readPointer();
    if (!now) return { made: made.size, version: null, ms: Math.round(performance.now() - started) };
    const version = await store.readVersion(now.pointer.id);
    if (!version) return { made: made.size, version: null, ms: Math.round(performance.now() - started) };
    const pending = Object.entries(version.files).filter((entry): entry is [string, Pending] => Boolean(entry[1].pending));
    if (pending.length === 0) return { made: made.size, version: version.id, ms: Math.round(performance.now() - started) };

    // Grouped by source and width: one rasterisation serves both formats.
    const groups = new Map<string, { source: string; width: number; files: Pending[] }>();
    for (const [, file] of pending) {
      if (made.has(keyOf(file))) continue;
      const group = `${file.hash} ${file.pending.width}`;
      const entry = groups.get(group) ?? { source: file.hash, width: file.pending.width, files: [] };
      entry.files.push(file);
      groups.set(group, entry);
    }
    for (const group of groups.values()) {
      const bytes = await store.readFile(group.source);
      if (!bytes) continue;
      const formats = [...new Set(group.files.map((file) => file.pending.format))];
      const encoded = await encodeVariants(bytes, group.width, formats);
      for (const file of group.files) {
        const variant = encoded.get(file.pending.format);
        if (!variant) continue;
        const hash = sha256(variant);
        if (!(await store.hasFile(hash))) await store.writeFile(hash, variant);
        made.set(keyOf(file), { hash, type: `image/${file.pending.format}` });
      }
    }

    const files: Record<string, VersionFile> = { ...version.files };
    for (const [url, file] of pending) {
      const variant = made.get(keyOf(file));
      if (variant) files[url] = variant;
    }
    const next: ContentVersion = {
      ...version,
      id: `${version.id.split('-')[0]}-${Date.now().toString(36)}`,
      renderedAt: new Date().toISOString(),
      files,
    };
    await store.writeVersion(next);
    const { content: _content, files: _files, ...pointer } = next;
    if (await store.swapPointer(pointer, now.etag)) {
      const tags = changedTags(tagHashes(version.content, version.files), tagHashes(next.content, next.files));
      await purge(tags);
      log(`content-variants: ${pending.length} pending variants made for ${version.id}, now ${next.id} (${tags.length} cache tags purged)`);
      // A variant whose source could not be read stays pending: the next round tries again, a few times.
      if (Object.values(files).every((file) => !file.pending))
        return { made: made.size, version: next.id, ms: Math.round(performance.now() - started) };
    }
  }
  return { made: made.size, version: null, ms: Math.round(performance.now() - started) };
}
