import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { contentTexts, listContent } from '~/editing/content-list/catalog.server';
import type { Outcome } from '~/editing/documents/outcome';
import { documentKind, editorHref, slugOf } from '~/editing/documents/kinds';
import { FORMS } from '~/editing/documents/forms.server';
import { problemsInHerWords } from '~/editing/documents/problem-words';
import { createDraft, discardDraft, getDraft, listDrafts } from '~/editing/drafts/texts.server';
import { saveDraftUpload } from '~/editing/drafts/images.server';
import { deleteRequest, moveRequest, newCaseStudy, newPage } from '~/editing/content-list/manage.server';
import { overLimitNote } from '~/editing/content-list/title-limit';
import { planPageRename } from '~/editing/content-list/rename-page.server';
import { recentlyDeleted, restoreDeletedRequest } from '~/editing/content-list/recently-deleted.server';
import { modeSummary } from '~/editing/open.server';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import type { PublishRequest } from '~/editing/git/publish.server';
import { publishChange, type ChangeResult } from '~/editing/publish-change.server';
import { sampleLeftovers } from '~/editing/setup/sample-check.server';
import { readSmallForm, text } from '~/http/form.server';
import type { ListActionData } from '~/components/admin/content/types';

/**
 * /admin/content: every file the editor opens, the case studies in their
 * order, with their drafts; and the list's own actions: a new case study
 * (kept as a draft until it is published), moving one up or down, deleting
 * one (after a confirmation page), and restoring one from Recently deleted.
 * Moves, deletes and restores are commits of their own, checked by the
 * build's checks first like every publish.
 */

export async function contentListLoader({ request }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const config = await resolvePublishConfig();
    const mode = modeSummary(config);
    const editorAuthor = config.mode === 'read-only' ? null : config.author.name;
    const [listed, drafts] = await Promise.all([
      mode.mode === 'read-only' ? Promise.resolve({ ok: false as const, error: mode.reason ?? '' }) : listContent(config),
      listDrafts(),
    ]);
    const items = listed.ok ? listed.value : [];
    const known = new Set(items.map((item) => item.contentPath));
    const drafted = new Map(drafts.map((draft) => [draft.path, draft.updatedAt.toISOString()]));
    // A new case study lives only as a draft until its first publish.
    const newOnes = await Promise.all(
      drafts
        .filter((draft) => !known.has(draft.path) && (documentKind(draft.path) === 'case-study' || documentKind(draft.path) === 'page'))
        .map(async (draft) => {
          const title = draftTitle((await getDraft(draft.path))?.text ?? '') || (slugOf(draft.path) ?? draft.path);
          return {
            path: draft.path,
            href: editorHref(draft.path),
            title,
            updatedAt: draft.updatedAt.toISOString(),
            kind: documentKind(draft.path),
          };
        }),
    );
    // What still comes from the sample designer, and the deleted case studies for one-click Restore, side by side: none
    // shown when the branch or its history cannot be read.
    const [leftovers, deleted] = listed.ok
      ? await Promise.all([sampleLeftovers(items, config), recentlyDeleted(items, config)])
      : [null, null];
    const url = new URL(request.url);
    const confirming = url.searchParams.get('delete');
    return data(
      {
        mode,
        problem: listed.ok ? null : listed.error,
        // Who changed a file last is "you" when it was the editor's own author; other names (a template's, a helper's) mean nothing to the designer.
        items: items.map(({ assets: _assets, blobId: _blobId, lastChange, ...item }) => ({
          ...item,
          ...(lastChange ? { lastChange: { date: lastChange.date, byYou: lastChange.author === editorAuthor } } : {}),
          href: editorHref(item.contentPath),
          draft: drafted.get(item.contentPath) ?? null,
        })),
        newOnes,
        sampleLeftovers: leftovers?.ok ? leftovers.value : null,
        deleted: deleted?.ok ? deleted.value : [],
        confirming:
          confirming && items.some((item) => item.contentPath === confirming && (item.kind === 'case-study' || item.kind === 'page'))
            ? confirming
            : null,
        now: new Date().toISOString(),
      },
      { headers: OWNER_HEADERS },
    );
  });
}

/** A new case study's title, read from its draft's frontmatter line; empty when it has none. */
const draftTitle = (text: string) => /^title:\s*(.+)$/m.exec(text)?.[1]?.replace(/^['"]|['"]$/g, '') ?? '';

const answer = (status: number, body: ListActionData) => data<ListActionData>(body, { status, headers: OWNER_HEADERS });

/** What the list says of a change that was not published (publish-change.server.ts checked, committed and made it live otherwise). */
function notPublished(result: ChangeResult): string | null {
  switch (result.status) {
    case 'published':
    case 'unchanged':
      return null;
    case 'unchecked':
      return result.reason;
    case 'refused':
      return `The site can’t take this change as it is: ${problemsInHerWords(result.problems, FORMS['case-study'])} Open the case study, fix it there, then try again.`;
    case 'conflict':
      return 'A case study changed since this list was loaded. Reload the list and try again.';
    default:
      return result.reason;
  }
}

export async function contentListAction({ request }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const form = await readSmallForm(request);
    if (typeof form === 'number') return answer(form, { error: 'That request could not be read.' });
    const intent = text(form, 'intent');
    if (intent === 'create') {
      // Over the limit: the title comes back cut on a word, for her to see where it ends before anything is made.
      const long = overLimitNote(text(form, 'title').replace(/\s+/g, ' ').trim());
      if (long) return answer(422, { error: long.note, title: long.cut });
    }
    const config = await resolvePublishConfig();
    if (config.mode === 'read-only') return answer(409, { error: config.reason });
    const listed = await listContent(config);
    if (!listed.ok) return answer(502, { error: listed.error });
    const items = listed.value;

    if (intent === 'create') {
      const title = text(form, 'title');
      // Twice at most: a second "New case study" with the same title at the same moment takes the next free slug.
      for (let attempt = 0; attempt < 2; attempt++) {
        // Drafts of new case studies hold their slugs too.
        const drafts = (await listDrafts()).filter(
          (draft) => documentKind(draft.path) === 'case-study' && !items.some((item) => item.contentPath === draft.path),
        );
        const pending = await Promise.all(
          drafts.map(async (draft) => ({
            path: draft.path.replace(/^content\//, ''),
            contentPath: draft.path,
            kind: 'case-study' as const,
            title: draftTitle((await getDraft(draft.path))?.text ?? ''),
            // A draft kept above is a case study, whose path slugOf always reads.
            slug: slugOf(draft.path)!,
            blobId: '',
          })),
        );
        const created = newCaseStudy(title, [...items, ...pending]);
        if (!created.ok) return answer(422, { error: created.error, title });
        const kept = await createDraft(created.value.path, created.value.text);
        if (!kept.ok) return answer(409, { error: kept.error, title });
        if (kept.created) {
          // Its placeholder card image lives in its own folder: published with it, replaced by an upload.
          const { card } = created.value;
          await saveDraftUpload(created.value.path, { path: card.path, bytes: card.bytes, mediaType: card.mediaType });
        }
        if (kept.created) throw redirect(`${editorHref(created.value.path)}?created=1`, { status: 303, headers: OWNER_HEADERS });
      }
      return answer(409, { error: 'Another case study with that title was being made at the same moment. Try again.', title });
    }

    if (intent === 'create-page') {
      const title = text(form, 'title');
      // Drafts of new pages hold their addresses too.
      const pending = (await listDrafts())
        .filter((draft) => documentKind(draft.path) === 'page' && !items.some((item) => item.contentPath === draft.path))
        .map((draft) => ({
          path: draft.path.replace(/^content\//, ''),
          contentPath: draft.path,
          kind: 'page' as const,
          title: '',
          slug: slugOf(draft.path)!,
          blobId: '',
        }));
      const created = newPage(title, [...items, ...pending]);
      if (!created.ok) return answer(422, { error: created.error, title, form: 'page' });
      const kept = await createDraft(created.value.path, created.value.text);
      if (!kept.ok) return answer(409, { error: kept.error, title, form: 'page' });
      if (!kept.created)
        return answer(409, { error: 'Another page with that address was being made at the same moment. Try again.', title, form: 'page' });
      throw redirect(`${editorHref(created.value.path)}?created=1`, { status: 303, headers: OWNER_HEADERS });
    }

    const path = text(form, 'path');
    const kind = documentKind(path);
    if (kind !== 'case-study' && !(kind === 'page' && intent !== 'up' && intent !== 'down'))
      return answer(400, { error: 'Only case studies can be moved; only case studies and your own pages deleted or restored.' });
    if (intent === 'rename') {
      const slug = text(form, 'slug');
      const refused = (status: number, error: string) => answer(status, { error, form: 'rename', path, slug });
      if (kind !== 'page') return refused(400, 'Only your own pages can change their address.');
      // The draft is kept under the page's file name: moved under it, her unpublished words would be lost.
      if (await getDraft(path))
        return refused(409, 'This page has changes not yet published: publish or discard them first, then change its address.');
      const planned = await planPageRename(items, path, slug, config);
      if (!planned.ok) return refused(422, planned.error);
      const error = notPublished(await publishChange(planned.value.request, config));
      if (error) return refused(409, error);
      throw redirect(`/admin/content?moved=${planned.value.slug}`, { status: 303, headers: OWNER_HEADERS });
    }
    if (intent === 'discard-new') {
      await discardDraft(path);
      throw redirect('/admin/content', { status: 303, headers: OWNER_HEADERS });
    }
    if (intent === 'restore') {
      const commit = text(form, 'commit');
      if (!/^[0-9a-f]{40}$/.test(commit)) return answer(400, { error: 'Pick a case study from Recently deleted.' });
      const restore = await restoreDeletedRequest(path, commit, items, config);
      if (!restore.ok) return answer(409, { error: restore.error });
      const error = notPublished(await publishChange(restore.value, config));
      if (error) return answer(409, { error });
      throw redirect('/admin/content?restored=1', { status: 303, headers: OWNER_HEADERS });
    }
    if (!items.some((item) => item.contentPath === path))
      return answer(404, { error: 'That case study is not there any more. Reload the list.' });
    let planned: Outcome<PublishRequest>;
    if (intent === 'up' || intent === 'down') {
      const texts = await contentTexts(items, config);
      if (!texts.ok) return answer(502, { error: texts.error });
      planned = moveRequest(items, texts.value, path, intent);
    } else if (intent === 'delete') planned = deleteRequest(items, path);
    else return answer(400, { error: 'That button is not known here.' });
    if (!planned.ok) return answer(409, { error: planned.error });
    // A deleted case study's draft goes with it once the delete has landed.
    const error = notPublished(await publishChange(planned.value, config, intent === 'delete' ? { discard: path } : undefined));
    if (error) return answer(409, { error });
    throw redirect(`/admin/content?${intent === 'delete' ? 'deleted' : 'reordered'}=1`, { status: 303, headers: OWNER_HEADERS });
  });
}
