import { type ActionFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { composeFile } from '~/editing/documents/compose.server';
import { FORMS } from '~/editing/documents/forms.server';
import { checkEdits } from '~/editing/content-check/call.server';
import { documentKind, editorHref } from '~/editing/documents/kinds';
import { getDraft, saveDraft } from '~/editing/drafts/texts.server';
import { draftUploads } from '~/editing/drafts/images.server';
import { readEditForm } from '~/editing/documents/edit-form.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { openForEditing } from '~/editing/open.server';
import { previewOwnPage, previewPage, previewProblemPage } from './admin.content.api.$.preview-page.server';
import { contentSecurityPolicy, embedOrigins, lookStyleHashes, setSecurityHeaders } from '~/http/security-headers.server';

/**
 * Preview: the posted edit is kept as the draft (a preview is also a save),
 * compiled by the build's own code with the images uploaded for it, and drawn
 * as a page. Problems are listed instead, by file and line.
 */
function html(status: number, body: string): Response {
  const headers = new Headers({ 'Content-Type': 'text/html; charset=utf-8', ...OWNER_HEADERS });
  // The site's own islands only ('self'): no inline script, whatever the page holds; its embeds' hosts may be framed, and her look's style is allowed by its hash.
  setSecurityHeaders(headers, '');
  headers.set('Content-Security-Policy', contentSecurityPolicy([], embedOrigins(body), lookStyleHashes(body)));
  return new Response(body, { status, headers });
}

export async function contentPreviewAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const posted = await readEditForm(request);
    if ('refused' in posted)
      return html(posted.status, previewProblemPage('That preview could not be read', posted.refused, '/admin/content'));
    const kind = documentKind(posted.path);
    if (kind !== 'case-study' && kind !== 'page')
      return html(
        400,
        previewProblemPage(
          'Only case studies and your pages have a preview',
          'Open a case study or a page in the editor and press Preview there.',
          '/admin/content',
        ),
      );
    const back = editorHref(posted.path);
    const draft = await getDraft(posted.path);
    const opened = draft ? null : await openForEditing(posted.path, await resolvePublishConfig());
    const baseText = draft?.text ?? (opened && (opened.status === 'opened' || opened.status === 'read-only') ? opened.text : '');
    const composed = composeFile(kind, baseText, posted.entries);
    if (!composed.ok)
      return html(
        422,
        previewProblemPage(
          'This page can’t be previewed yet',
          [{ file: posted.path, message: composed.problem, line: composed.line }],
          back,
        ),
      );
    await saveDraft(posted.path, { text: composed.text, baseBlobId: posted.baseBlobId });
    const uploads = await draftUploads(posted.path);
    const check = await checkEdits(
      [
        { path: posted.path, bytes: Buffer.from(composed.text) },
        ...uploads.map((upload) => ({ path: upload.path, bytes: upload.bytes, fromDraft: true })),
      ],
      { preview: posted.path },
    );
    if (!check.ok) {
      if ('unavailable' in check) return html(503, previewProblemPage('The preview is not available right now', check.unavailable, back));
      return html(422, previewProblemPage('This edit needs fixing before the site can show it', check.problems, back, FORMS[kind]));
    }
    if (check.pagePreview) return html(200, previewOwnPage(check.pagePreview.page, back));
    if (!check.preview) {
      const why =
        check.previewUnavailable ??
        'A coming-soon case study shows only as a card on the home page. Set its status to published, with its page fields, to preview its page.';
      return html(200, previewProblemPage('No page to preview yet', why, back));
    }
    return html(200, previewPage(check.preview.caseStudy, back));
  });
}
