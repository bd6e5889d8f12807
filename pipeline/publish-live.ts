import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { LiveStore } from '../app/content/live-store.server';
import {
  changedTags,
  liveIsNewer,
  MAX_ANCESTORS,
  tagHashes,
  type ContentVersion,
  type VersionFile,
  type VersionPointer,
} from '../app/content/live-version';
import { layOut } from './content/check';
import { withCompiledTree } from './content/compiled-tree';
import type { CompiledContent } from '../app/content/schema';
import { variantOf, writeImageVariants, type ImagePlan } from './images';
import { renderSiteFiles, sha256, typeOf, versionFiles, type RenderedFile } from './render-site';

/**
 * A publish made live: the files of the commit it made, compiled and
 * rendered by the build's own code (compileSite, renderSiteFiles, the image
 * pipeline), kept in the live store as one version, then made current, and
 * the CDN purged of exactly the answers it changed. Runs in the
 * content-check function (which carries esbuild and sharp), once per
 * publish, on the owner's request; a visitor's request never compiles.
 *
 * Image variants the deploy already has (the build lists them) are not made
 * again; neither are those an earlier publish stored. With `deferVariants`,
 * a new image's public variants are not made in the publish at all: the
 * version names each one as pending, served meanwhile by its source image
 * (VersionFile.pending), and pipeline/publish-variants.ts makes them after
 * the publish has answered. A publish with many new photos then fits in
 * Netlify's 60 s (test/bench/publish-photos.ts). A private case study's
 * variants are made at once: they are served behind its access check,
 * which keeps no stand-ins.
 */

export type BuildStamp = {
  pointer: VersionPointer;
  files: Record<string, VersionFile>;
  variants: string[];
  content?: unknown;
  /** The public image files the deploy holds (build-version.json); absent from older builds. */
  images?: string[];
};

export type LiveInput = {
  commit: string;
  /** The commit's parents, and its time: where the version sits among builds. */
  parents: string[];
  committedAt: string | null;
  /** The files of that commit under content/ and public/. */
  files: Map<string, Buffer>;
  store: LiveStore;
  /** The deploy's own build: its commit, files and variants; what the site serves when no version is live. */
  build: BuildStamp & { tags: Map<string, string> };
  purge: (tags: string[]) => Promise<void>;
  /** The Netlify deploy serving now (its function's context), which the hidden-images record names; null elsewhere. */
  deployId?: string | null;
  /** Leave new public variants pending, for publish-variants.ts to make after the answer. */
  deferVariants?: boolean;
};

export type LiveOutcome =
  | { status: 'live'; version: string; tags: string[]; renderedFiles: number; pendingVariants: number; ms: number }
  /** A newer publish became live while this one rendered: it already holds this commit. */
  | { status: 'superseded'; version: string; ms: number };

const PUBLIC_URL_OF = (plan: ImagePlan, file: string) => `${plan.target.url}/${path.basename(file)}`;

/** The variants in `plan` the deploy and the earlier version do not have, named as pending on their source image, which is stored. */
async function pendingFiles(plan: ImagePlan, have: Set<string>, earlier: Record<string, VersionFile>, store: LiveStore) {
  const pending: Record<string, VersionFile> = {};
  const kept: Record<string, VersionFile> = {};
  const rendered = new Map<string, RenderedFile>();
  const sources = new Map<string, { hash: string; type: string }>();
  for (const [file, output] of plan.outputs) {
    if (have.has(path.basename(file))) continue;
    const url = PUBLIC_URL_OF(plan, file);
    const earlierFile = Object.hasOwn(earlier, url) ? earlier[url] : undefined;
    if (earlierFile) {
      kept[url] = earlierFile;
      continue;
    }
    const variant = variantOf(plan, file);
    // A copy (an SVG, a video) costs nothing to make: it is the file itself.
    if (!variant) {
      rendered.set(url, { bytes: await readFile(output.source), type: typeOf(file) });
      continue;
    }
    let source = sources.get(output.source);
    if (!source) {
      const bytes = await readFile(output.source);
      source = { hash: sha256(bytes), type: typeOf(output.source) };
      if (!(await store.hasFile(source.hash))) await store.writeFile(source.hash, bytes);
      sources.set(output.source, source);
    }
    pending[url] = { ...source, pending: { width: variant.width, format: variant.format } };
  }
  return { pending, kept, rendered };
}

/** The variants in `plans` the deploy and the earlier version do not have, rendered; the others named from where they are. */
async function variantFiles(plans: ImagePlan[], have: Set<string>, earlier: Record<string, VersionFile>) {
  const rendered = new Map<string, RenderedFile>();
  const kept: Record<string, VersionFile> = {};
  for (const plan of plans) {
    const missing = new Map([...plan.outputs].filter(([file]) => !have.has(path.basename(file))));
    for (const [file] of missing) {
      const url = PUBLIC_URL_OF(plan, file);
      const earlierFile = Object.hasOwn(earlier, url) ? earlier[url] : undefined;
      if (earlierFile) {
        kept[url] = earlierFile;
        missing.delete(file);
      }
    }
    if (missing.size === 0) continue;
    await writeImageVariants({ target: plan.target, outputs: missing } as unknown as ImagePlan, { prune: false });
    for (const [file] of missing) rendered.set(PUBLIC_URL_OF(plan, file), { bytes: await readFile(file), type: typeOf(file) });
  }
  return { rendered, kept };
}

export async function makeLive(input: LiveInput): Promise<LiveOutcome> {
  const started = performance.now();
  // The same files as the publish's check compiled a moment ago: that compile is reused (compiled-tree.ts).
  return withCompiledTree(input.files, layOut, async ({ root, compiled }) => {
    const { content, images, privateMedia } = compiled;
    // New variants are written beside the tree, never into it: the kept tree stays as it was compiled.
    const scratch = await mkdtemp(path.join(tmpdir(), 'publish-live-'));
    try {
      return await render(input, started, content, retarget(images, root, scratch), retarget(privateMedia, root, scratch));
    } finally {
      await rm(scratch, { recursive: true, force: true });
    }
  });
}

/** The plan, writing its outputs under `scratch` instead of `root` (same names, same URLs). */
function retarget(plan: ImagePlan, root: string, scratch: string): ImagePlan {
  const move = (file: string) => path.join(scratch, path.relative(root, file));
  const outputs = new Map([...plan.outputs].map(([file, output]) => [move(file), output]));
  return Object.assign(Object.create(Object.getPrototypeOf(plan) as object) as ImagePlan, plan, {
    outputs,
    target: { ...plan.target, dir: move(plan.target.dir) },
  });
}

async function render(
  input: LiveInput,
  started: number,
  content: CompiledContent,
  images: ImagePlan,
  privateMedia: ImagePlan,
): Promise<LiveOutcome> {
  const { store, build } = input;
  const before = await store.readPointer();
  const earlier = before ? await store.readVersion(before.pointer.id) : null;
  // A card drawn from the same recipe by the same deploy's code is kept from the earlier version.
  const siteFiles = await renderSiteFiles(content, images, {
    earlier: earlier?.files ?? {},
    salt: `${build.pointer.id}|${build.pointer.renderedAt}`,
  });
  const have = new Set(build.variants);
  const publicVariants = input.deferVariants
    ? await pendingFiles(images, have, earlier?.files ?? {}, store)
    : { ...(await variantFiles([images], have, earlier?.files ?? {})), pending: {} };
  const privateVariants = await variantFiles([privateMedia], have, earlier?.files ?? {});
  const files: Record<string, VersionFile> = {
    ...publicVariants.kept,
    ...privateVariants.kept,
    ...publicVariants.pending,
    ...siteFiles.kept,
    ...versionFiles(siteFiles.rendered),
    ...versionFiles(publicVariants.rendered),
    ...versionFiles(privateVariants.rendered, { private: true }),
  };
  const rendered = new Map([...siteFiles.rendered, ...publicVariants.rendered, ...privateVariants.rendered]);
  for (const file of rendered.values()) {
    const hash = sha256(file.bytes);
    if (!(await store.hasFile(hash))) await store.writeFile(hash, file.bytes);
  }
  // What this version is known to contain: its parents, the deploy's build, and every version before it.
  const ancestors = [
    ...new Set([
      ...input.parents,
      ...(build.pointer.commit ? [build.pointer.commit, ...build.pointer.ancestors] : []),
      ...(before ? [before.pointer.commit ?? '', ...before.pointer.ancestors] : []),
    ]),
  ]
    .filter((commit) => commit && commit !== input.commit)
    .slice(0, MAX_ANCESTORS);
  const renderedAt = new Date().toISOString();
  const version: ContentVersion = {
    id: `${input.commit.slice(0, 12)}-${Date.now().toString(36)}`,
    commit: input.commit,
    committedAt: input.committedAt,
    ancestors,
    renderedAt,
    content,
    files,
    // Every image file its pages link to: the site answers 404 for the others the deploy still holds.
    images: [...images.outputs.keys()].map((file) => path.basename(file)).sort(),
  };
  await store.writeVersion(version);
  const { content: _content, files: _files, images: _images, ...pointer } = version;

  // Made current unless a newer version already is; retried when another publish moved the pointer meanwhile.
  for (let attempt = 0; ; attempt++) {
    const now = attempt === 0 ? before : await store.readPointer();
    if (now && now.pointer.commit !== version.commit && liveIsNewer(now.pointer, pointer)) {
      return { status: 'superseded', version: now.pointer.id, ms: Math.round(performance.now() - started) };
    }
    if (await store.swapPointer(pointer, now?.etag ?? null)) {
      const previous = now ? (now.pointer.id === earlier?.id ? earlier : await store.readVersion(now.pointer.id)) : null;
      // What visitors saw before: the earlier live version when it was newer than the build, else the build.
      const wasLive = previous && liveIsNewer(previous, build.pointer);
      const beforeTags = wasLive ? tagHashes(previous.content, previous.files) : build.tags;
      const tags = changedTags(beforeTags, tagHashes(content, files));
      // The deploy's static files are answered before any function: the edge function in front of them refuses
      // the ones this version no longer names, until the build the publish started leaves them out.
      if (input.build.images) {
        const named = new Set(version.images);
        const names = input.build.images.filter((name) => !named.has(name));
        await store.writeHiddenImages({ deploy: input.deployId ?? null, names, at: renderedAt });
      }
      await input.purge(tags);
      return {
        status: 'live',
        version: version.id,
        tags,
        renderedFiles: rendered.size,
        pendingVariants: Object.keys(publicVariants.pending).length,
        ms: Math.round(performance.now() - started),
      };
    }
    if (attempt >= 5) throw new Error('The live content kept changing under this publish.');
  }
}
