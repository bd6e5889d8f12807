import { Form, Link, useActionData, useLocation, useNavigation } from '@remix-run/react';
import { useEffect, useRef, useState } from 'react';
import { EMPTY } from '~/components/admin/kit/Panel';
import { Progress, Spinner } from '~/components/admin/kit/Progress';
import { StateBadge } from '~/components/admin/kit/StateBadge';
import { When } from '~/components/admin/kit/When';
import { mediaUrl } from '~/editing/content-check/types';
import { IMAGE_FIELDS, imageRepoPath } from '~/editing/documents/image-fields';
import { TITLE_COUNT_FROM, TITLE_MAX } from '~/editing/content-list/title-limit';
import { PRIMARY } from './buttons';
import { ConfirmDelete, DeleteButton, DeleteQuestion } from './DeleteConfirm';
import { PageList } from './PageList';
import { NewDraftRow } from './NewDraftRow';
import type { ContentListView, ListActionData, ListItem as Item } from './types';


const ICON = 'size-4';

/** The content list: where the designer starts editing, and where case studies are made, ordered and deleted. */
export function ContentList({ list }: { list: ContentListView }) {
  const { mode, problem, items, newOnes, confirming, now } = list;
  const answer = useActionData<ListActionData>();
  // useLocation, not useSearchParams: a hook no public route uses would grow the chunk every page shares (docs/decisions/public-pages-untouched-by-the-owner.md).
  const params = new URLSearchParams(useLocation().search);
  const navigation = useNavigation();
  // A post's form stays in the navigation while its redirect's page loads: the list is not done until the new one is drawn.
  const pending = navigation.state === 'idle' ? undefined : navigation.formData;
  const busy = pending !== undefined;
  const intent = String(pending?.get('intent') ?? '');
  const pendingPath = String(pending?.get('path') ?? '');
  const deletingPath = intent === 'delete' ? pendingPath : null;
  const opening = navigation.state === 'loading' && navigation.location.search.includes('delete=') ? 'Opening…' : null;
  const pages = items.filter((item) => item.kind === 'site' || item.kind === 'resume');
  // A move shows on the list at once; the server's list replaces it once the move is live.
  const caseStudies = movedAhead(
    items.filter((item) => item.kind === 'case-study'),
    intent === 'up' || intent === 'down' ? { path: pendingPath, intent } : null,
  );
  const ownPages = items.filter((item) => item.kind === 'page');
  const newStudies = newOnes.filter((draft) => draft.kind === 'case-study');
  const doomed = [...caseStudies, ...ownPages].find((item) => item.contentPath === confirming);
  const readOnly = mode.mode === 'read-only';
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Content</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        The site’s words, resume and case studies.
        {mode.mode === 'remote' ? ' Publishing puts a change on your site within seconds.' : mode.mode === 'local' ? ' Publishing puts a change on the site running on this computer.' : ''}
      </p>
      <div className="mt-4 grid gap-3">
        {mode.reason ? (
          <p role="status" data-read-only className="rounded-2xl border border-amber-600/35 bg-amber-500/10 p-4 text-sm">
            <span className="font-semibold">Read-only. </span>
            {mode.reason}
            {mode.fixHref ? (
              <>
                {' '}
                <Link to={mode.fixHref} data-fix-publishing className="font-medium text-accent underline underline-offset-4">
                  Go to Publishing
                </Link>
              </>
            ) : null}
          </p>
        ) : null}
        {problem && !readOnly ? (
          <p role="alert" className="rounded-2xl border border-red-600/30 bg-red-500/8 p-4 text-sm">
            <span className="font-semibold">The site’s files cannot be reached. </span>
            {problem}
          </p>
        ) : null}
        {/* New page's and Change address's refusals show in their own forms, where she typed. */}
        {answer?.error && !answer.form ? (
          <p role="alert" className="rounded-2xl border border-red-600/30 bg-red-500/8 p-4 text-sm font-medium">
            {answer.error}
          </p>
        ) : null}
        {params.has('deleted') ? (
          <p role="status" className="rounded-2xl border border-border bg-bg-subtle p-4 text-sm">
            Deleted, with its images. It is under Recently deleted, where Restore brings it back.
          </p>
        ) : null}
        {params.has('moved') ? (
          <p role="status" data-page-moved className="rounded-2xl border border-border bg-bg-subtle p-4 text-sm">
            Moved to /{params.get('moved')}, with its images. Its old address takes visitors there.
          </p>
        ) : null}
        {params.has('reordered') && !busy ? (
          <p role="status" data-list-reordered className="rounded-2xl border border-border bg-bg-subtle p-4 text-sm">
            Moved. Your home page shows the case studies in this order.
          </p>
        ) : null}
        {params.has('restored') ? (
          <p role="status" className="rounded-2xl border border-border bg-bg-subtle p-4 text-sm">
            Restored, with its images, as it was before it was deleted.
          </p>
        ) : null}
      </div>

      <Progress active={Boolean(WORKING[intent] ?? opening)} className="mt-4">
        {WORKING[intent] ?? opening ?? ''}
      </Progress>

      {doomed ? <ConfirmDelete item={doomed} deleting={intent === 'delete'} /> : null}

      <section aria-labelledby="pages-title" className="mt-8">
        <h2 id="pages-title" className="text-lg font-semibold tracking-tight">
          Site and resume
        </h2>
        <ul className="mt-3 grid gap-3 sm:grid-cols-2">
          {pages.map((item) => (
            <li key={item.path} data-content-item={item.path}>
              <Link to={item.href} className="group flex items-center justify-between gap-4 rounded-2xl border border-border bg-bg p-4 transition-colors hover:border-fg-muted/40 hover:bg-bg-subtle">
                <span className="min-w-0">
                  <span className="block font-medium group-hover:text-accent">{item.title}</span>
                  <LastChange item={item} now={now} />
                </span>
                {item.draft ? <StateBadge tone="warn">draft</StateBadge> : null}
              </Link>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="case-studies-title" className="mt-10">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <h2 id="case-studies-title" className="text-lg font-semibold tracking-tight">
            Case studies <span className="font-normal text-fg-muted">in the home page’s order</span>
          </h2>
        </div>
        {caseStudies.length === 0 && newStudies.length === 0 ? <p className={`${EMPTY} mt-3`}>No case studies yet.</p> : null}
        <ol className="mt-3 grid gap-3">
          {caseStudies.map((item, index) => (
            <CaseStudyRow key={item.path} item={item} now={now} first={index === 0} last={index === caseStudies.length - 1} disabled={readOnly || busy} deleting={deletingPath === item.contentPath} />
          ))}
          {newStudies.map((draft) => (
            <NewDraftRow key={draft.path} draft={draft} now={now} />
          ))}
        </ol>
        {readOnly ? null : <NewCaseStudy title={answer?.form ? undefined : answer?.title} busy={busy} creating={intent === 'create'} />}
      </section>

      <PageList
        pages={ownPages}
        newOnes={newOnes.filter((draft) => draft.kind === 'page')}
        now={now}
        readOnly={readOnly}
        busy={busy}
        creating={intent === 'create-page'}
        deletingPath={deletingPath}
        title={answer?.form === 'page' ? answer.title : undefined}
        error={answer?.form === 'page' ? answer.error : undefined}
        rename={answer?.form === 'rename' ? answer : undefined}
        renamingPath={intent === 'rename' ? String(navigation.formData?.get('path') ?? '') : null}
      />
    </>
  );
}

/** The case studies with the one being moved already in its new place. */
function movedAhead(studies: Item[], move: { path: string; intent: 'up' | 'down' } | null): Item[] {
  const from = move ? studies.findIndex((item) => item.contentPath === move.path) : -1;
  const to = from + (move?.intent === 'up' ? -1 : 1);
  if (from < 0 || to < 0 || to >= studies.length) return studies;
  const order = [...studies];
  [order[from], order[to]] = [order[to]!, order[from]!];
  return order;
}

function LastChange({ item, now }: { item: Item; now: string }) {
  if (item.problem) return <span className="block text-sm text-red-600 dark:text-red-400">{item.problem}</span>;
  if (!item.lastChange) return <span className="block text-sm text-fg-muted">No history yet</span>;
  return (
    <span className="block text-sm text-fg-muted">
      Changed <When at={item.lastChange.date} now={now} />
      {item.lastChange.byYou ? ' by you' : ''}
    </span>
  );
}

function CaseStudyRow({ item, now, first, last, disabled, deleting }: { item: Item; now: string; first: boolean; last: boolean; disabled: boolean; deleting: boolean }) {
  const published = item.status === 'published';
  return (
    <li data-content-item={item.path} className="flex flex-wrap items-center gap-4 rounded-2xl border border-border bg-bg p-3 sm:flex-nowrap sm:p-4">
      <div className="aspect-[3/2] w-24 shrink-0 overflow-hidden rounded-lg border border-border bg-bg-muted sm:w-32">
        {item.image ? <img src={cardPreview(item.image)} alt="" loading="lazy" className="size-full object-cover" /> : null}
      </div>
      <div className="min-w-0 flex-1 basis-48">
        <Link to={item.href} className="font-medium text-balance hover:text-accent">
          {item.title ?? 'Untitled case study'}
        </Link>
        <p className="mt-1 flex flex-wrap items-center gap-1.5">
          <StateBadge tone={published ? 'good' : 'quiet'}>{published ? 'published' : 'coming soon'}</StateBadge>
          {item.visibility === 'private' ? <StateBadge tone="warn">private</StateBadge> : null}
          {item.draft ? <StateBadge tone="warn">draft</StateBadge> : null}
          <span className="text-xs text-fg-muted tabular-nums">order {item.order ?? '–'}</span>
        </p>
        <LastChange item={item} now={now} />
      </div>
      <Form method="post" className="flex shrink-0 items-center gap-1">
        <input type="hidden" name="path" value={item.contentPath} />
        <button type="submit" name="intent" value="up" disabled={disabled || first} aria-label={`Move ${item.title} up`} title="Move up" className={ROUND}>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" className={ICON}>
            <path d="M10 15V5m0 0-4 4m4-4 4 4" />
          </svg>
        </button>
        <button type="submit" name="intent" value="down" disabled={disabled || last} aria-label={`Move ${item.title} down`} title="Move down" className={ROUND}>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" className={ICON}>
            <path d="M10 5v10m0 0-4-4m4 4 4-4" />
          </svg>
        </button>
        <DeleteButton item={item} disabled={disabled} className={ROUND}>
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round" className={ICON}>
            <path d="M4 6h12M8 6V4.5h4V6m-6 0 .7 9.5h6.6L14 6" />
          </svg>
        </DeleteButton>
      </Form>
      <DeleteQuestion item={item} deleting={deleting} />
    </li>
  );
}

const ROUND = 'inline-flex size-10 items-center justify-center rounded-full text-fg-muted transition-colors hover:bg-bg-muted hover:text-fg disabled:opacity-30 disabled:hover:bg-transparent';

const WORKING: Record<string, string> = {
  delete: 'Deleting, then updating your site…',
  up: 'Moving it, then updating your site…',
  down: 'Moving it, then updating your site…',
  create: 'Making the new case study…',
  'create-page': 'Making the new page…',
  rename: 'Moving the page to its new address, then updating your site…',
};

function NewCaseStudy({ title, busy, creating }: { title?: string; busy: boolean; creating: boolean }) {
  return (
    <Form method="post" className="mt-5 grid gap-x-3 rounded-2xl border border-border bg-bg-subtle p-4 sm:grid-cols-[minmax(0,1fr)_auto] sm:p-5" aria-labelledby="new-title">
      <h3 id="new-title" className="font-semibold sm:col-span-2">
        New case study
      </h3>
      <label htmlFor="new-case-study-title" className="mt-1 block text-sm text-fg-muted sm:col-span-2">
        Its title; the page’s address is made from it. It starts as “coming soon”, as a draft.
      </label>
      {/* Its count, when shown, goes under the box; the button stays beside the box (placed in the grid). */}
      <TitleInput key={title} title={title} />
      <button type="submit" name="intent" value="create" disabled={busy} className={`${PRIMARY} mt-3 justify-self-start sm:col-start-2 sm:row-start-3 sm:mt-2`}>
        {creating ? (
          <>
            <Spinner />
            Creating…
          </>
        ) : (
          'Create'
        )}
      </button>
    </Form>
  );
}

/** A card image as the owner sees it before the build: through the editor's media route, wherever it is stored. */
function cardPreview(src: string): string {
  // IMAGE_FIELDS is a constant list that includes the card's 'image' field.
  const repoPath = imageRepoPath(IMAGE_FIELDS.find((spec) => spec.name === 'image')!, src);
  return repoPath ? mediaUrl(repoPath) : src;
}

/**
 * No maxLength: a browser would cut a pasted title mid-word without a word.
 * The count shows as she nears the limit; over it, the server hands the title
 * back cut on a word, with a note (title-limit.ts).
 */
function TitleInput({ title }: { title?: string }) {
  const [length, setLength] = useState(title?.length ?? 0);
  const box = useRef<HTMLInputElement>(null);
  // What she typed or pasted before the page's script started counts too.
  useEffect(() => setLength(box.current?.value.length ?? 0), []);
  const near = length >= TITLE_COUNT_FROM;
  return (
    <>
      <input
        ref={box}
        id="new-case-study-title"
        name="title"
        defaultValue={title}
        required
        onInput={(event) => setLength(event.currentTarget.value.length)}
        aria-describedby={near ? 'new-case-study-count' : undefined}
        className="mt-2 h-10 w-full rounded-lg border border-border bg-bg px-3 text-base outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 sm:text-sm"
      />
      {near ? (
        <p id="new-case-study-count" className={`mt-1 text-xs tabular-nums sm:col-start-1 sm:row-start-4 ${length > TITLE_MAX ? 'font-medium text-red-700 dark:text-red-400' : 'text-fg-muted'}`}>
          {length > TITLE_MAX ? `${length} of ${TITLE_MAX} characters: ${length - TITLE_MAX} too many` : `${length} of ${TITLE_MAX} characters`}
        </p>
      ) : null}
    </>
  );
}
