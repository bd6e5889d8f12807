import { type ActionFunctionArgs } from '@remix-run/node';
import { jsonAnswer } from '~/http/json.server';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { composeFile } from '~/editing/documents/compose.server';
import { documentKind } from '~/editing/documents/kinds';
import { getDraft, saveDraft } from '~/editing/drafts/texts.server';
import { readEditForm } from '~/editing/documents/edit-form.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { openForEditing } from '~/editing/open.server';

/**
 * The autosave: the edit form as it is now, kept as the file's draft. The
 * YAML it is written into is the draft's (or the file's), so untouched
 * fields keep their bytes. JSON in answer; a signed-out owner gets the
 * sign-in redirect like every owner request, which the page reports.
 */
export async function contentDraftAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const answer = (status: number, body: { saved?: string; unchanged?: true; error?: string }) => jsonAnswer(status, body, OWNER_HEADERS);
    const posted = await readEditForm(request);
    if ('refused' in posted) return answer(posted.status, { error: posted.refused });
    const kind = documentKind(posted.path);
    if (!kind) return answer(400, { error: 'That is not a file the editor opens.' });
    const draft = await getDraft(posted.path);
    let baseText = draft?.text;
    if (baseText === undefined) {
      const opened = await openForEditing(posted.path, await resolvePublishConfig());
      if (opened.status !== 'opened')
        return answer(409, {
          error: opened.status === 'missing' ? 'That file does not exist any more.' : 'Drafts are kept only while publishing is set up.',
        });
      baseText = opened.text;
    }
    const composed = composeFile(kind, baseText, posted.entries);
    if (!composed.ok) return answer(422, { error: composed.problem });
    const kept = await saveDraft(posted.path, { text: composed.text, baseBlobId: posted.baseBlobId, typedAt: posted.typedAt });
    if (!kept.ok) return answer(413, { error: kept.error });
    return answer(200, { saved: kept.updatedAt.toISOString(), ...(kept.dropped ? { unchanged: true as const } : {}) });
  });
}
