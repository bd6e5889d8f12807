import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { jsonAnswer } from '~/http/json.server';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { editorHref } from '~/editing/documents/kinds';
import { getDraft } from '~/editing/drafts/texts.server';
import { saveDraftUpload } from '~/editing/drafts/images.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { openForEditing } from '~/editing/open.server';
import { checkUpload, mediaHome, MAX_IMAGE_FILE_BYTES } from '~/editing/uploads/check.server';
import { readUploadForm } from '~/editing/uploads/upload-form.server';
import { tooLargeWithoutScript } from '~/editing/uploads/image-formats';
import { checkVideoUpload } from '~/editing/uploads/check-video.server';

/**
 * One image, posted as multipart: `document` (the case study or page it is for),
 * `file`, `alt`; or one video for a Video block: `video` (`mp4` or `webm`,
 * the copy the block's field takes) instead of `alt`. The bytes decide what it is (editing/uploads/check.server.ts); its name
 * and folder are made here. JSON for the editor's image button; without
 * JavaScript, back to the editor with the Markdown to paste.
 */

type UploadAnswer = { ok: true; src: string; alt: string } | { ok: false; error: string };

// The form's own fields and multipart framing around a file of the largest allowed size.
const FORM_LIMIT = MAX_IMAGE_FILE_BYTES + 64 * 1024;

export async function contentUploadAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
    const reply = (status: number, body: UploadAnswer, document?: string) => {
      if (wantsJson || !document) return jsonAnswer(status, body, OWNER_HEADERS);
      const query = body.ok
        ? `image=${encodeURIComponent(body.src)}&alt=${encodeURIComponent(body.alt)}`
        : `upload-error=${encodeURIComponent(body.error)}`;
      throw redirect(`${editorHref(document)}?${query}#images`, { status: 303, headers: OWNER_HEADERS });
    };
    const form = await readUploadForm(request, FORM_LIMIT);
    if (!(form instanceof FormData)) return reply(form.status, { ok: false, error: form.error });
    const document = String(form.get('document') ?? '');
    // Only a case study's or a page's own editor is ever a place to send the browser back to.
    const back = mediaHome(document) ? document : undefined;
    // Sent without JavaScript and over the platform's limit: the edge function kept the form and only said the file's size.
    const tooLarge = Number(form.get('_too_large.file'));
    if (tooLarge > 0) return reply(413, { ok: false, error: tooLargeWithoutScript(tooLarge) }, back);
    const wanted = form.get('video');
    const file = form.get('file');
    if (!(file instanceof File) || file.size === 0)
      return reply(400, { ok: false, error: wanted ? 'Choose a video file to upload.' : 'Choose an image file to upload.' }, back);
    if (wanted === 'mp4' || wanted === 'webm') {
      const video = checkVideoUpload({
        fileName: file.name,
        bytes: Buffer.from(await file.arrayBuffer()),
        documentPath: document,
        wanted,
      });
      if (!video.ok) return reply(video.status, { ok: false, error: video.error }, back);
      return keep(document, video, '', reply, back);
    }
    const checked = await checkUpload({
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
      declaredType: file.type,
      alt: String(form.get('alt') ?? ''),
      documentPath: document,
    });
    if (!checked.ok) return reply(checked.status, { ok: false, error: checked.error }, back);
    return keep(document, checked, checked.alt, reply, back);
  });
}

type Reply = (status: number, body: UploadAnswer, document?: string) => Response;

/** Images and videos go with a case study that exists (on the branch, or as a draft): none are kept for nothing. */
async function keep(
  document: string,
  checked: { path: string; src: string; bytes: Buffer; mediaType: string },
  alt: string,
  reply: Reply,
  back: string | undefined,
) {
  if (!(await getDraft(document)) && (await openForEditing(document, await resolvePublishConfig())).status !== 'opened') {
    return reply(404, { ok: false, error: 'That case study does not exist (any more): open it from the content list.' }, back);
  }
  const kept = await saveDraftUpload(document, { path: checked.path, bytes: checked.bytes, mediaType: checked.mediaType });
  if (!kept.ok) return reply(413, { ok: false, error: kept.error }, back);
  return reply(200, { ok: true, src: checked.src, alt }, back);
}
