import { data, redirect, type ActionFunctionArgs, type LoaderFunctionArgs } from '@remix-run/node';
import { asOwner, OWNER_HEADERS } from '~/access/owner-guard.server';
import { editorHref } from '~/editing/documents/kinds';
import { resolvePublishConfig } from '~/editing/connection/publishing.server';
import { fileAt, fileHistory, restoreRequest, titleOf } from '~/editing/git/read.server';
import { FORMS } from '~/editing/documents/forms.server';
import { problemsInHerWords } from '~/editing/documents/problem-words';
import { diffHunks, diffSummary } from '~/editing/documents/line-diff';
import type { HistoryEntry } from '~/components/admin/content/types';
import { publishChange } from '~/editing/publish-change.server';
import { readSmallForm, text } from '~/http/form.server';
import { ownerTimeZoneOrDefault } from '~/time-zone/owner-time-zone.server';
import { documentPathOf } from './admin.content.$.server';

/**
 * /admin/content/history/<path>: the recent commits that touched a file, each
 * with what it changed, and "Restore this version": a new commit that writes
 * that version back (checked by the build's checks like any publish).
 */

const LIMIT = 15;

/** A version's text; none for a version that could not be read, or for the file's first commit (nothing before it). */
const textOf = (version: Awaited<ReturnType<typeof fileAt>> | undefined) => (version?.ok ? (version.value ?? '') : '');

export async function contentHistoryLoader({ request, params }: LoaderFunctionArgs) {
  return asOwner(request, async () => {
    const document = documentPathOf(params['*']);
    if (!document)
      return data(
        { path: null, title: null, entries: [], error: 'There is no such page.', now: new Date().toISOString() },
        { status: 404, headers: OWNER_HEADERS },
      );
    const config = await resolvePublishConfig();
    const history = await fileHistory(document.path, { limit: LIMIT + 1 }, config);
    if (!history.ok)
      return data(
        { path: document.path, title: null, entries: [], error: history.error, now: new Date().toISOString() },
        { headers: OWNER_HEADERS },
      );
    const versions = await Promise.all(history.value.map((entry) => fileAt(document.path, entry.commit, config)));
    const entries: HistoryEntry[] = history.value.slice(0, LIMIT).map((entry, index) => {
      const after = textOf(versions[index]);
      const before = textOf(versions[index + 1]);
      const hunks = diffHunks(before, after, { context: 2 });
      return { ...entry, hunks, ...diffSummary(hunks) };
    });
    const title = titleOf(document.path, versions[0]?.ok ? (versions[0].value ?? null) : null);
    return data({ path: document.path, title, entries, error: null, now: new Date().toISOString() }, { headers: OWNER_HEADERS });
  });
}

export async function contentHistoryAction({ request, params }: ActionFunctionArgs) {
  return asOwner(request, async () => {
    const document = documentPathOf(params['*']);
    if (!document) return data({ error: 'There is no such page.' }, { status: 404, headers: OWNER_HEADERS });
    const form = await readSmallForm(request);
    if (typeof form === 'number') return data({ error: 'That request could not be read.' }, { status: form, headers: OWNER_HEADERS });
    const commit = text(form, 'commit');
    if (!/^[0-9a-f]{40}$/.test(commit)) return data({ error: 'Pick a version from the list.' }, { status: 400, headers: OWNER_HEADERS });
    const config = await resolvePublishConfig();
    const planned = await restoreRequest(document.path, commit, config, await ownerTimeZoneOrDefault());
    if (!planned.ok) return data({ error: planned.error }, { status: 409, headers: OWNER_HEADERS });
    // Checked, committed and made live like any publish; the file's draft goes once the restore has landed.
    const result = await publishChange(planned.value, config, { discard: document.path });
    if (result.status === 'unchecked' || result.status === 'refused') {
      const error =
        result.status === 'unchecked'
          ? result.reason
          : `That version can’t go back on the site as it is: ${problemsInHerWords(result.problems, FORMS[document.kind])} Open the page, fix it there, then publish.`;
      return data({ error }, { status: 422, headers: OWNER_HEADERS });
    }
    if (result.status === 'published' || result.status === 'unchanged') {
      throw redirect(`${editorHref(document.path)}?restored=1`, { status: 303, headers: OWNER_HEADERS });
    }
    const error = result.status === 'conflict' ? 'This page changed meanwhile: reload the history and try again.' : result.reason;
    return data({ error }, { status: 409, headers: OWNER_HEADERS });
  });
}
