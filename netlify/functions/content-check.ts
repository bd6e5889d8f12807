import { checkContent } from '../../pipeline/content/check';
import type { CheckChange } from '../../app/editing/content-check/types';
import { createHash } from 'node:crypto';
import {
  CONTENT_VARIANTS_PATH,
  getContentCheckSecret,
  getContentVariantsUrl,
  inProcessContentVariants,
  MAX_CHECK_BODY_BYTES,
} from '../../app/editing/content-check/config.server';
import { draftUploadByPath } from '../../app/editing/drafts/images.server';
import { DatabaseUnavailable } from '../../app/db/errors.server';
import { resolvePublishConfig } from '../../app/editing/connection/publishing.server';
import { readSnapshot, type Snapshot } from '../../app/editing/git/snapshot.server';
import { readFile } from 'node:fs/promises';
import { openLiveStore } from '../../app/content/live-store.server';
import { buildVersion, BUILD_VERSION_PATH } from '../../app/content/current-content.server';
import { tagHashes } from '../../app/content/live-version';
import { purgeCdnTags } from '../../app/http/cdn-purge.server';
import { makeLive } from '../../pipeline/publish-live';
import { ContentError } from '../../pipeline/content/errors';
import { readFunctionCall } from '../../app/http/function-call.server';

/**
 * content-check: the owner's editor asks whether an edit would build, and
 * for a case study's preview. It runs the build's own content compiler
 * (pipeline/content/check.ts → compileSite), which needs esbuild and sharp:
 * that is why it is a function of its own, and the public site's function
 * never carries either (test/integration/netlify-deploy.test.ts).
 * Netlify Functions API v2 at the default /.netlify/functions/content-check;
 * `npm start` and `npm run dev` run this same file in-process
 * (scripts/serve.ts).
 *
 * Its only caller is the owner's editor (app/editing/content-check/call.server.ts),
 * which holds the bearer secret; the function trusts nothing else it is
 * sent. It reads the files of the branch tip itself (snapshot.server.ts),
 * so a caller can only add edits under content/, never swap the rest.
 *
 * In:  POST JSON `{ changes: [{ path, base64 | null } | { path, draft: sha256 }], preview?: path }`:
 *      a `draft` change is an image the owner uploaded into a draft, read
 *      here from the database (where the upload kept it) and checked against
 *      its hash, so a publish with many images is never one large request.
 * Out: 200 JSON CheckResult (`{ ok: true, preview?, pagePreview? }` or `{ ok: false, problems }`);
 *      otherwise `{ error }` with 400, 401, 405, 413, 415, 502 (the branch could
 *      not be read), 503 (no way to read it is configured) or 500. Always no-store.
 */

/** A publish's own maximum (git/publish-plan.server.ts). */
const MAX_CHANGES = 60;

function reply(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      'x-robots-tag': 'noindex',
      ...headers,
    },
  });
}

const refuse = (status: number, error: string, headers?: Record<string, string>) => reply(status, { error }, headers);

type Input = { changes: (CheckChange | { path: string; draft: string })[]; preview?: string };

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const SHA256 = /^[0-9a-f]{64}$/;

const LIVE = Symbol('live');

/** The request as the checker takes it, or the sentence saying what is wrong with it. */
function parseInput(input: unknown): Input | typeof LIVE | string {
  if (!input || typeof input !== 'object' || Array.isArray(input)) return 'The body must be a JSON object.';
  if ((input as { live?: unknown }).live === true) return LIVE;
  const { changes, preview } = input as {
    changes?: unknown;
    preview?: unknown;
  };
  if (!Array.isArray(changes)) return '"changes" must be an array.';
  if (changes.length > MAX_CHANGES) return `At most ${MAX_CHANGES} changes per check.`;
  if (preview !== undefined && typeof preview !== 'string') return '"preview" must be a path.';
  const parsed: Input['changes'] = [];
  for (const change of changes) {
    const { path, base64, draft } = (change ?? {}) as {
      path?: unknown;
      base64?: unknown;
      draft?: unknown;
    };
    if (typeof path !== 'string') return 'Each change needs a "path".';
    if (draft !== undefined) {
      if (typeof draft !== 'string' || !SHA256.test(draft)) return `${path.slice(0, 200)}: "draft" must be the image's SHA-256.`;
      parsed.push({ path, draft });
      continue;
    }
    if (base64 !== null && (typeof base64 !== 'string' || base64.length % 4 !== 0 || !BASE64.test(base64))) {
      return `${path.slice(0, 200)}: "base64" must be the file in base64, or null for a deleted file.`;
    }
    parsed.push({
      path,
      bytes: base64 === null ? null : Buffer.from(base64, 'base64'),
    });
  }
  return { changes: parsed, preview };
}

async function handle(req: Request, deployId: string | null): Promise<Response> {
  // The secret is derived from SESSION_SECRET, which may be the one made on the site's first start.
  const call = await readFunctionCall(req, {
    name: 'content-check',
    secret: getContentCheckSecret,
    missingSecret: 'neither CONTENT_CHECK_SECRET nor SESSION_SECRET is set',
    limit: MAX_CHECK_BODY_BYTES,
  });
  if (!('json' in call)) return refuse(call.status, call.error, call.headers);
  const input = parseInput(call.json);
  if (typeof input === 'string') return refuse(400, input);
  if (input === LIVE) return goLive(deployId);

  const changes = await withDraftBytes(input.changes);
  if (typeof changes === 'string') return refuse(409, changes);
  if ('unavailable' in changes) return refuse(503, changes.unavailable);

  // Neither mode configured (on Netlify: no CONTENT_GIT_URL and token): the sentence says what to set.
  const config = await resolvePublishConfig();
  if (config.mode === 'read-only') return refuse(503, `The content check cannot read the branch. ${config.reason}`);
  let files: Map<string, Buffer>;
  try {
    ({ files } = await readSnapshot(config));
  } catch (error) {
    // The git host down or refusing the token: a sentence, without the token.
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`content-check: cannot read the branch: ${reason}`);
    return refuse(502, `The branch could not be read to check the edit: ${reason.replace(/;? ?[Nn]othing was published\.?/g, '').trim()}`);
  }
  return reply(
    200,
    await checkContent({
      files,
      changes: changes.list,
      preview: input.preview,
    }),
  );
}

/** The draft images a check names, read from the database; a sentence when one is gone or changed since. */
async function withDraftBytes(changes: Input['changes']): Promise<{ list: CheckChange[] } | { unavailable: string } | string> {
  const list: CheckChange[] = [];
  for (const change of changes) {
    if (!('draft' in change)) {
      list.push(change);
      continue;
    }
    let upload: Awaited<ReturnType<typeof draftUploadByPath>>;
    try {
      upload = await draftUploadByPath(change.path);
    } catch (error) {
      if (error instanceof DatabaseUnavailable)
        return { unavailable: 'The draft’s images could not be read to check them. Try again in a minute.' };
      throw error;
    }
    if (!upload || createHash('sha256').update(upload.bytes).digest('hex') !== change.draft)
      return 'An image of this draft changed or went while it was being checked. Publish again.';
    list.push({ path: change.path, bytes: upload.bytes });
  }
  return { list };
}

/**
 * `{ live: true }`, sent right after a publish's commit: the branch tip is
 * rendered and made the site's live content (pipeline/publish-live.ts),
 * and the CDN purged of what changed.
 */
async function goLive(deployId: string | null): Promise<Response> {
  const config = await resolvePublishConfig();
  if (config.mode === 'read-only') return refuse(503, `The site cannot read the branch to show the change. ${config.reason}`);
  const build = buildVersion();
  const store = await openLiveStore(build.deployContext);
  if (!store) return refuse(503, 'The live content is turned off (LIVE_STORE=off): the change shows after the next build.');
  let snapshot: Snapshot;
  try {
    snapshot = await readSnapshot(config);
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    console.warn(`content-check: cannot read the branch to go live: ${reason}`);
    return refuse(502, `The branch could not be read to show the change: ${reason.replace(/;? ?[Nn]othing was published\.?/g, '').trim()}`);
  }
  let variants: string[] = [];
  let images: string[] | undefined;
  try {
    const stamp = JSON.parse(await readFile(BUILD_VERSION_PATH, 'utf8')) as { variants?: string[]; images?: string[] };
    variants = stamp.variants ?? [];
    images = stamp.images;
  } catch {
    // A build without its version file: every variant is made for the store.
  }
  try {
    const live = await makeLive({
      commit: snapshot.commit,
      parents: snapshot.parents,
      committedAt: snapshot.committedAt,
      files: snapshot.files,
      store,
      build: {
        pointer: build.pointer,
        files: build.files,
        variants,
        ...(images ? { images } : {}),
        tags: tagHashes(build.content, build.files),
      },
      deployId,
      // The version is live either way; a failed purge leaves cached pages until their day is up (cache-headers.server.ts).
      purge: (tags) => purgeCdnTags(tags).catch((error: unknown) => console.warn(`content-check: the CDN purge failed: ${String(error)}`)),
      // New photos' variants are made after this answer (content-variants-background): the publish stays far inside 60 s.
      deferVariants: true,
    });
    if (live.status === 'live' && live.pendingVariants > 0) await startVariants();
    console.log(
      `content-check: ${live.status === 'live' ? `live ${live.version}, ${live.renderedFiles} files rendered, ${live.pendingVariants} image variants to make after, ${live.tags.length} cache tags purged` : `superseded by ${live.version}`} in ${live.ms} ms`,
    );
    return reply(200, { ok: true, live });
  } catch (error) {
    if (error instanceof ContentError) return refuse(422, `The published content does not build: ${error.message}`);
    throw error;
  }
}

/**
 * Asks the variants function to make what this publish left pending. It
 * answers at once (a background function on Netlify; after this answer in
 * the local server); the work is never waited for here. If it cannot be
 * asked, the variants stay pending and their source images stand in: the
 * next publish asks again.
 */
async function startVariants(): Promise<void> {
  const secret = getContentCheckSecret();
  if (!secret) return;
  const init = { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` }, body: '{}' };
  const local = inProcessContentVariants();
  if (local) {
    void local(new Request(new URL(CONTENT_VARIANTS_PATH, 'http://localhost'), init)).catch((error: unknown) =>
      console.warn(`content-check: the image variants could not be made: ${String(error)}`),
    );
    return;
  }
  const url = getContentVariantsUrl();
  if (!url) return console.warn('content-check: no address for the variants function; the new images are served as uploaded.');
  try {
    const answer = await fetch(url, { ...init, redirect: 'error', signal: AbortSignal.timeout(10_000) });
    if (!answer.ok) console.warn(`content-check: the variants function answered ${answer.status}`);
  } catch (error) {
    console.warn(`content-check: the variants function could not be reached: ${String(error)}`);
  }
}

/** Netlify's context names the deploy this function belongs to, the one the CDN serves (Functions API v2: context.deploy.id). */
type DeployContext = { deploy?: { id?: string } };

export default async (req: Request, context?: DeployContext): Promise<Response> => {
  try {
    return await handle(req, context?.deploy?.id ?? null);
  } catch (error) {
    // A bug or a broken stream: a clean answer, never a trace; the detail stays in the log.
    console.error('content-check: unexpected error', error);
    return refuse(500, 'The check failed unexpectedly.');
  }
};
