import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { SAVE_RESULT_HTTP_STATUS } from '~/editing/save-result';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { privatePasswordState } from '~/access/private-access.server';
import { composeFile, listOperation, openDocument } from '~/editing/documents/compose.server';
import { documentKind, editorHref, type DocumentKind } from '~/editing/documents/kinds';
import { FORMS } from '~/editing/documents/forms.server';
import { getDraft, saveDraft } from '~/editing/drafts/texts.server';
import { draftUploadByPath } from '~/editing/drafts/images.server';
import { discardDraftForUndo, discardedAt, undoDiscard } from '~/editing/drafts/discarded.server';
import { formValues } from '~/editing/documents/form-values';
import { openForEditing, modeSummary } from '~/editing/open.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { publishDocument, type SaveResult } from '~/editing/publish-document.server';
import { reapplyOnPublished } from '~/editing/conflicts.server';
import { readEditForm } from '~/editing/documents/edit-form.server';
import type { EditorView } from '~/components/admin/content/types';
import { editorScriptUrl } from '~/editing/editor-bundle.server';

/**
 * /admin/content/<path>: one content file in the editor. The loader shows the
 * draft when there is one (what the designer typed last), else the file as
 * the branch holds it. The action keeps the draft first, whatever it is
 * asked, so nothing typed is lost: then publishes, discards, or changes a
 * list (the no-JavaScript form's buttons).
 */

/** The publish's answer, and the message typed for it (kept in its box when the publish is refused). */
export type EditorActionData = { result: SaveResult; message?: string };

/** `undoable`: a new page's only draft was just discarded, and Undo can still bring it back. */
const notFound = (undoable = false) => data({ notFound: true as const, undoable }, { status: 404, headers: OWNER_HEADERS });

/** `case-studies/office-depot.mdx` → `content/case-studies/office-depot.mdx`, when that is a file the editor opens. */
export function documentPathOf(splat: string | undefined): { path: string; kind: DocumentKind } | null {
  const path = `content/${splat ?? ''}`;
  const kind = documentKind(path);
  return kind ? { path, kind } : null;
}

async function loadEditor(path: string, kind: DocumentKind): Promise<EditorView | null> {
  const config = await resolvePublishConfig();
  const [opened, draft, privatePassword, discarded] = await Promise.all([
    openForEditing(path, config),
    getDraft(path),
    kind === 'case-study' ? privatePasswordState() : null,
    discardedAt(path),
  ]);
  if (opened.status === 'missing' && !draft) return null;
  const text = draft?.text ?? (opened.status === 'opened' || opened.status === 'read-only' ? opened.text : '');
  const { data: frontmatter, body, problem } = openDocument(kind, text);
  const title = typeof (frontmatter as { title?: unknown }).title === 'string' ? (frontmatter as { title: string }).title : null;
  return {
    path,
    kind,
    href: editorHref(path),
    title,
    form: FORMS[kind],
    values: formValues(frontmatter),
    body,
    baseBlobId: draft ? draft.baseBlobId : opened.status === 'opened' ? opened.blobId : null,
    /** The form is remade (fresh inputs) whenever the text it shows changed on the server. */
    formKey: `${draft?.updatedAt.getTime() ?? 'file'}-${opened.status === 'opened' ? opened.blobId : ''}`,
    draft: draft ? { updatedAt: draft.updatedAt.toISOString() } : null,
    undoable: discarded !== null,
    opened: opened.status === 'opened' ? { blobId: opened.blobId } : null,
    unreachable: opened.status === 'unreachable' ? opened.reason : null,
    mode: modeSummary(config),
    problem: problem ?? null,
    /** The body editor's script (built apart from the pages', scripts/editor-bundle.ts), or null when it was not built. */
    editorScript: editorScriptUrl(),
    privatePassword,
  };
}

/**
 * The no-JavaScript upload comes back here with the image's src in the
 * address: shown only when that image was uploaded for this very document,
 * so a crafted link cannot put a line of its own under "paste this".
 */
async function justUploaded(request: Request, documentPath: string): Promise<{ src: string; alt: string } | null> {
  const params = new URL(request.url).searchParams;
  const src = params.get('image') ?? '';
  const match = /^\.\/([a-z0-9-]+\/[a-z0-9][a-z0-9-]*\.(?:png|jpg|webp|avif|svg))$/.exec(src);
  if (!match) return null;
  // Beside the document: content/case-studies/<slug>/… or content/pages/<slug>/….
  const upload = await draftUploadByPath(`${documentPath.slice(0, documentPath.lastIndexOf('/'))}/${match[1]}`);
  if (!upload || upload.documentPath !== documentPath) return null;
  return { src, alt: (params.get('alt') ?? '').replace(/[\u0000-\u001f\u007f]/g, ' ').slice(0, 300) };
}

export async function contentEditorLoader({ request, params }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const document = documentPathOf(params['*']);
    if (!document) return notFound();
    const editor = await loadEditor(document.path, document.kind);
    if (!editor) return notFound((await discardedAt(document.path)) !== null);
    return data(
      { notFound: false as const, editor, uploaded: await justUploaded(request, document.path), now: new Date().toISOString() },
      { headers: OWNER_HEADERS },
    );
  });
}

const STATUS: Record<SaveResult['status'], number> = SAVE_RESULT_HTTP_STATUS;

export async function contentEditorAction({ request, params }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const document = documentPathOf(params['*']);
    if (!document) return notFound();
    const posted = await readEditForm(request);
    if ('refused' in posted)
      return data(
        { result: { status: 'invalid' as const, reason: posted.refused, problems: [] } },
        { status: posted.status, headers: OWNER_HEADERS },
      );
    const { entries, intent, baseBlobId, message, typedAt } = posted;
    const back = editorHref(document.path);

    if (intent === 'discard') {
      await discardDraftForUndo(document.path);
      throw redirect(`${back}?discarded=1`, { status: 303, headers: OWNER_HEADERS });
    }
    if (intent === 'undo-discard') {
      const restored = await undoDiscard(document.path);
      throw redirect(`${back}?${restored ? 'undone' : 'undo-expired'}=1`, { status: 303, headers: OWNER_HEADERS });
    }
    const base = await getDraft(document.path);
    // Resolved and opened once for this request: a publish below takes both.
    const config = await resolvePublishConfig();
    const opened = await openForEditing(document.path, config);
    const baseText = base?.text ?? (opened.status === 'opened' || opened.status === 'read-only' ? opened.text : '');
    if (intent === 'take-theirs') {
      // After a conflict: their version replaces the draft (the designer has seen both), and Undo brings hers back.
      await discardDraftForUndo(document.path);
      throw redirect(`${back}?discarded=1`, { status: 303, headers: OWNER_HEADERS });
    }
    const operation = listOperation(intent);
    const composed = composeFile(document.kind, baseText, entries, operation);
    if (!composed.ok) {
      return data<EditorActionData>(
        {
          result: {
            status: 'invalid',
            reason: composed.problem,
            problems: [{ file: document.path, message: composed.problem, line: composed.line }],
          },
          message,
        },
        { status: 422, headers: OWNER_HEADERS },
      );
    }
    // After a conflict: her changes re-applied to the published version (the safe way), or hers kept over it.
    // Either way the draft's base becomes the published version, so the next publish goes on top of it.
    const resolving = (intent === 'keep-mine' || intent === 'reapply') && (opened.status === 'opened' || opened.status === 'missing');
    const published = opened.status === 'opened' ? opened : null;
    const draftBase = resolving ? (published?.blobId ?? null) : baseBlobId;
    const text =
      intent === 'reapply' && published
        ? await reapplyOnPublished({ kind: document.kind, baseBlobId, mine: composed.text, theirs: published.text, config })
        : composed.text;
    const kept = await saveDraft(document.path, { text, baseBlobId: draftBase, typedAt });
    if (!kept.ok)
      return data<EditorActionData>(
        { result: { status: 'invalid', reason: kept.error, problems: [] }, message },
        { status: 413, headers: OWNER_HEADERS },
      );
    if (operation)
      throw redirect(
        `${back}#${`field-${operation.name
          .split('.')
          .slice(0, operation.op === 'add' ? undefined : -1)
          .join('-')}`}`,
        { status: 303, headers: OWNER_HEADERS },
      );
    if (resolving) {
      // The note she typed for the refused publish goes on to the merged page's note field, for the publish after it.
      const answer = new URLSearchParams({
        [intent === 'reapply' ? 'reapplied' : 'kept-mine']: '1',
        ...(message ? { note: message } : {}),
      });
      throw redirect(`${back}?${answer}`, { status: 303, headers: OWNER_HEADERS });
    }
    // Nothing changed: no draft is kept, and the page says so rather than "Draft saved".
    if (intent === 'save') throw redirect(`${back}?${kept.dropped ? 'unchanged' : 'saved'}=1`, { status: 303, headers: OWNER_HEADERS });
    if (intent !== 'publish')
      return data<EditorActionData>(
        { result: { status: 'invalid', reason: 'That button is not known here.', problems: [] }, message },
        { status: 400, headers: OWNER_HEADERS },
      );

    const result = await publishDocument({
      path: document.path,
      kind: document.kind,
      text: composed.text,
      baseBlobId: draftBase,
      message,
      requestUrl: request.url,
      opened,
      config,
    });
    // A refused publish keeps the message typed for it; a published one starts the next afresh.
    return data<EditorActionData>(
      { result, message: result.status === 'published' ? '' : message },
      // Private work held back from a public repository is hers to fix there, not a failure of the site.
      { status: result.status === 'failed' && result.exposed ? 409 : STATUS[result.status], headers: OWNER_HEADERS },
    );
  });
}
