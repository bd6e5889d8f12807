import { redirect, type ActionFunctionArgs } from '@remix-run/node';
import { jsonAnswer } from '~/http/json.server';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { composeFile } from '~/editing/documents/compose.server';
import { documentKind, editorHref } from '~/editing/documents/kinds';
import { getDraft, saveDraft } from '~/editing/drafts/texts.server';
import { saveDraftUpload } from '~/editing/drafts/images.server';
import { mediaUrl } from '~/editing/content-check/types';
import { imageFieldOf } from '~/editing/documents/image-fields';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { openForEditing } from '~/editing/open.server';
import { checkFieldImage, MAX_IMAGE_FILE_BYTES } from '~/editing/uploads/check.server';
import { readUploadForm } from '~/editing/uploads/upload-form.server';
import { tooLargeWithoutScript } from '~/editing/uploads/image-formats';

/**
 * A photo or card image replaced by upload: the edit form posted whole (as
 * multipart, by the image field's Upload button; without JavaScript too),
 * with the file in `_image.<field>` and the button's intent `image:<field>`.
 * The image is checked like a story image and kept with the draft; the draft
 * is the form as posted with the field pointing at the new file, so nothing
 * typed meanwhile is lost. It is published with the next publish, in the
 * same commit. JSON for the page's script; without it, back to the editor.
 */

// The edit form's own fields (at most 2 MB) and a file of the largest allowed size.
const FORM_LIMIT = MAX_IMAGE_FILE_BYTES + 2 * 1024 * 1024 + 64 * 1024;

type Answer = { ok: true; field: string; src: string; preview: string } | { ok: false; field?: string; error: string };

export async function contentFieldImageAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const wantsJson = (request.headers.get('accept') ?? '').includes('application/json');
    const reply = (status: number, body: Answer, document?: string) => {
      if (wantsJson || !document) return jsonAnswer(status, body, OWNER_HEADERS);
      const anchor = body.field ? `#image-field-${body.field.replace(/\./g, '-')}` : '';
      const query = body.ok
        ? `image-saved=${encodeURIComponent(body.field)}`
        : `image-error=${encodeURIComponent(body.error)}${body.field ? `&image-field=${encodeURIComponent(body.field)}` : ''}`;
      throw redirect(`${editorHref(document)}?${query}${anchor}`, { status: 303, headers: OWNER_HEADERS });
    };
    const form = await readUploadForm(request, FORM_LIMIT);
    if (!(form instanceof FormData)) return reply(form.status, { ok: false, error: form.error });
    const document = String(form.get('_path') ?? '');
    const kind = documentKind(document);
    if (!kind) return reply(400, { ok: false, error: 'That is not a file the editor opens.' });
    const field = /^image:(.+)$/.exec(String(form.get('intent') ?? ''))?.[1] ?? '';
    const spec = imageFieldOf(field, kind);
    if (!spec) return reply(400, { ok: false, error: 'That field takes no image.' }, document);
    const draft = await getDraft(document);
    let baseText = draft?.text;
    let baseBlobId = draft?.baseBlobId ?? null;
    if (baseText === undefined) {
      const opened = await openForEditing(document, await resolvePublishConfig());
      if (opened.status !== 'opened')
        return reply(
          409,
          { ok: false, field: spec.name, error: 'That file cannot be edited now: open it again from the content list.' },
          document,
        );
      baseText = opened.text;
      baseBlobId = opened.blobId;
    }
    // The form as posted (its file inputs and buttons aside) is kept as the draft whatever the image's fate: nothing typed is lost.
    const posted = [...form.entries()].filter(([name]) => name !== 'intent' && !name.startsWith('_'));
    const keep = async (src?: string) => {
      const entries =
        src === undefined
          ? posted
          : [...posted.filter(([name]) => name !== spec.srcName), [spec.srcName, src] as [string, FormDataEntryValue]];
      const composed = composeFile(kind, baseText, entries);
      if (!composed.ok) return composed.problem;
      const saved = await saveDraft(document, { text: composed.text, baseBlobId });
      return saved.ok ? null : saved.error;
    };
    const refuse = async (status: number, error: string) => {
      await keep();
      return reply(status, { ok: false, field: spec.name, error }, document);
    };

    // Sent without JavaScript and over the platform's limit: the edge function kept the form and only said the file's size.
    const tooLarge = Number(form.get(`_too_large._image.${spec.name}`));
    if (tooLarge > 0) return refuse(413, tooLargeWithoutScript(tooLarge));
    const file = form.get(`_image.${spec.name}`);
    if (!(file instanceof File) || file.size === 0) return refuse(400, 'Choose an image file first, then upload it.');
    const checked = await checkFieldImage({
      fileName: file.name,
      bytes: Buffer.from(await file.arrayBuffer()),
      documentPath: document,
      field: spec.name,
    });
    if (!checked.ok) return refuse(checked.status, checked.error);
    const kept = await saveDraftUpload(document, { path: checked.path, bytes: checked.bytes, mediaType: checked.mediaType });
    if (!kept.ok) return refuse(413, kept.error);
    const problem = await keep(checked.src);
    if (problem) return reply(422, { ok: false, field: spec.name, error: problem }, document);
    return reply(200, { ok: true, field: spec.name, src: checked.src, preview: mediaUrl(checked.path) }, document);
  });
}
