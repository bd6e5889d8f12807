import { readFile } from 'node:fs/promises';
import { BUILD_VERSION_PATH } from '~/content/current-content.server';
import { liveIsNewer, type VersionPointer } from '~/content/live-version';
import { openLiveStore, type LiveStore } from '~/content/live-store.server';
import { rebuildSetting, startRebuild, type RebuildResult, type RebuildSetting } from './rebuild.server';

/**
 * On Netlify the CDN answers the deploy's static files before any function,
 * so an image a publish replaced or deleted still answers at its old address
 * until the next build (the Node server answers 404 at once: isRetiredImage).
 * Once a day (netlify/functions/retired-images.ts) this compares the image
 * files the deploy holds with those the live version's pages name; when the
 * deploy holds one no page names any more, it starts a build through the
 * build hook. That build (never skipped by the ignore step) makes only the
 * named images, so the old files leave the site within a day, with no action
 * from the owner. Nothing happens while the deploy is the live version.
 */

/** What the deploy's build recorded (pipeline/build-content.ts, build-version.json). */
export type DeployStamp = { pointer: VersionPointer; context?: string | null; images?: string[] };

export type RetiredImagesCheck =
  | { action: 'none'; reason: string }
  | { action: 'not-set-up'; retired: string[] }
  | { action: 'rebuild'; retired: string[]; result: RebuildResult };

/** Shown on the deploy Netlify starts, in place of its default message. */
export const REBUILD_TITLE = 'Rebuild: images replaced or deleted since the last build leave the site';

export async function readDeployStamp(file = BUILD_VERSION_PATH): Promise<DeployStamp | null> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as DeployStamp;
  } catch {
    return null;
  }
}

/** The deploy's public image files that the live version's pages no longer name. */
export async function retiredDeployImages(stamp: DeployStamp, store: LiveStore): Promise<{ retired: string[] } | { reason: string }> {
  if (!stamp.images) return { reason: 'the deploy’s build did not list its images' };
  const found = await store.readPointer();
  if (!found || !liveIsNewer(found.pointer, stamp.pointer)) return { reason: 'the deploy is the live version' };
  const live = await store.readVersion(found.pointer.id);
  if (!live?.images) return { reason: 'the live version does not list its images' };
  const named = new Set(live.images);
  return { retired: stamp.images.filter((name) => !named.has(name)) };
}

export async function rebuildIfImagesRetired({
  stamp,
  store,
  setting = rebuildSetting(),
  rebuild = startRebuild,
}: {
  stamp: DeployStamp | null;
  store: LiveStore | null;
  setting?: RebuildSetting;
  rebuild?: (setting: RebuildSetting) => Promise<RebuildResult>;
}): Promise<RetiredImagesCheck> {
  if (!stamp) return { action: 'none', reason: 'the deploy’s build left no record' };
  if (!store) return { action: 'none', reason: 'there is no live store' };
  const found = await retiredDeployImages(stamp, store);
  if ('reason' in found) return { action: 'none', reason: found.reason };
  if (found.retired.length === 0) return { action: 'none', reason: 'every image of the deploy is still named' };
  if (setting.state !== 'ready') return { action: 'not-set-up', retired: found.retired };
  const url = new URL(setting.url);
  url.searchParams.set('trigger_title', REBUILD_TITLE);
  return { action: 'rebuild', retired: found.retired, result: await rebuild({ state: 'ready', url }) };
}

/** The scheduled run: the deploy's own record and live store. */
export async function checkRetiredDeployImages(): Promise<RetiredImagesCheck> {
  const stamp = await readDeployStamp();
  return rebuildIfImagesRetired({ stamp, store: stamp ? await openLiveStore(stamp.context ?? null) : null });
}
