import { Form, Link } from '@remix-run/react';
import { BodyEditor } from '~/components/admin/editor/BodyEditor';
import { Progress, Spinner } from '~/components/admin/kit/Progress';
import { When } from '~/components/admin/kit/When';
import { useAnswerKey } from '~/components/admin/kit/useAnswerKey';
import { KIND_LABEL } from '~/editing/documents/kinds';
import { fieldLabel, problemInHerWords } from '~/editing/documents/problem-words';
import type { SaveResult } from '~/editing/save-result';
import { BUTTON, PRIMARY, QUIET_LINK } from './buttons';
import { FieldControls, type Errors } from './FieldControls';
import { ImageUploadForm } from './ImageUploadForm';
import { PrivatePasswordPanel } from './PrivatePasswordPanel';
import { SaveResultBanner } from './SaveResultBanner';
import type { EditorView } from './types';
import { useEditorEnhancements } from './useEditorEnhancements';

const FORM_ID = 'content-editor';

/**
 * One content file in the editor: its fields (from the build's schema), its
 * body, and one bar of actions. A plain form that posts: it works the same
 * without JavaScript; with it, the draft is also kept as the designer types,
 * and fields that only apply to some statuses appear and disappear at once.
 */
export function ContentEditor({ editor, now, result, message, notice, undo, uploaded, uploadError }: { editor: EditorView; now: string; result?: SaveResult; message?: string; notice?: string; undo?: boolean; uploaded?: { src: string; alt: string }; uploadError?: string }) {
  const autosave = useEditorEnhancements(FORM_ID, editor.path);
  const answerKey = useAnswerKey(result);
  const errors: Errors = {};
  const bodyProblems = [];
  // The build's problems, said with the fields' labels and no file paths.
  const shown: SaveResult | undefined =
    result?.status === 'invalid'
      ? { ...result, problems: result.problems.map((problem) => ({ ...problem, message: problemInHerWords(problem.message, problem.field ? fieldLabel(editor.form, problem.field) : undefined) })) }
      : result;
  if (shown?.status === 'invalid') {
    for (const problem of shown.problems) {
      if (problem.field && problem.file === editor.path) errors[problem.field] ??= problem.message;
      else if (problem.file === editor.path) bodyProblems.push(problem);
    }
  }
  const readOnly = editor.mode.mode === 'read-only';
  // Without the file (the repository out of reach) and without a draft there is nothing to edit yet.
  const nothingToEdit = editor.unreachable !== null && editor.draft === null && editor.mode.mode !== 'read-only';
  const name = editor.title ?? KIND_LABEL[editor.kind];
  const isCaseStudy = editor.kind === 'case-study';
  // A page of her own is written with a story's blocks too.
  const isPage = editor.kind === 'page';
  return (
    <>
      <nav aria-label="Breadcrumb" className="text-sm text-fg-muted">
        <Link to="/admin/content" className={QUIET_LINK}>
          Content
        </Link>
        <span aria-hidden="true"> / </span>
        <span>{KIND_LABEL[editor.kind]}</span>
      </nav>
      <div className="mt-2 flex flex-wrap items-end justify-between gap-x-6 gap-y-2">
        <div className="min-w-0">
          <h1 className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">{name}</h1>
        </div>
        <p className="flex gap-4 text-sm">
          <Link to={`/admin/content/history/${editor.path.replace(/^content\//, '')}`} className={QUIET_LINK}>
            History
          </Link>
        </p>
      </div>

      <div className="mt-5 grid gap-3">
        {editor.mode.reason ? (
          <p role="status" data-read-only className="rounded-2xl border border-amber-600/35 bg-amber-500/10 p-4 text-sm">
            <span className="font-semibold">Read-only. </span>
            {editor.mode.reason}
            {editor.mode.fixHref ? (
              <>
                {' '}
                <Link to={editor.mode.fixHref} data-fix-publishing className="font-medium text-accent underline underline-offset-4">
                  Go to Publishing
                </Link>
              </>
            ) : null}
          </p>
        ) : editor.unreachable ? (
          <p role="alert" className="rounded-2xl border border-amber-600/35 bg-amber-500/10 p-4 text-sm">
            <span className="font-semibold">The site’s files cannot be reached. </span>
            {editor.unreachable} {editor.draft ? 'Your draft is shown; publish once it is back.' : ''}
          </p>
        ) : null}
        {shown ? <SaveResultBanner key={answerKey} result={shown} formId={FORM_ID} /> : null}
        {undo ? (
          <div role="status" data-undo-discard className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-bg-subtle px-4 py-3 text-sm">
            <p>
              <span className="font-medium">Draft discarded.</span> <span className="text-fg-muted">You can bring it back for a few minutes, until you edit this page.</span>
            </p>
            <Form method="post" reloadDocument>
              <button type="submit" name="intent" value="undo-discard" className={BUTTON}>
                Undo
              </button>
            </Form>
          </div>
        ) : notice ? (
          <p role="status" className="rounded-2xl border border-border bg-bg-subtle p-4 text-sm">
            {notice}
          </p>
        ) : null}
        {editor.problem ? (
          <p role="alert" className="rounded-2xl border border-red-600/30 bg-red-500/8 p-4 text-sm">
            {editor.problem.line ? `Line ${editor.problem.line}: ` : ''}
            {editor.problem.message}
          </p>
        ) : null}
        {editor.draft ? (
          <div data-draft className="flex flex-wrap items-center justify-between gap-3 rounded-2xl border border-border bg-bg-subtle px-4 py-3 text-sm">
            <p>
              <span className="font-medium">Unpublished draft</span>
              <span className="text-fg-muted">
                {' '}
                · kept <When at={editor.draft.updatedAt} now={now} />
              </span>
            </p>
            <Form method="post" reloadDocument>
              <button type="submit" name="intent" value="discard" className={QUIET_LINK}>
                Discard draft
              </button>
            </Form>
          </div>
        ) : null}
      </div>

      {isCaseStudy && editor.privatePassword && !nothingToEdit ? (
        <PrivatePasswordPanel state={editor.privatePassword} values={editor.values} back={editor.href} now={now} />
      ) : null}

      {nothingToEdit ? null : (
      <form key={editor.formKey} id={FORM_ID} method="post" data-editor-form className="mt-6 grid gap-8 pb-28">
        <input type="hidden" name="_baseBlobId" value={editor.baseBlobId ?? ''} />
        <input type="hidden" name="_path" value={editor.path} />
        <input type="hidden" name="_typedAt" defaultValue="" />
        <fieldset disabled={editor.mode.mode === 'read-only'} className="contents">
          <section aria-labelledby="details-title" className="rounded-2xl border border-border bg-bg p-4 sm:p-6">
            <h2 id="details-title" className="text-lg font-semibold tracking-tight">
              {editor.kind === 'site' ? 'Site details' : 'Details'}
            </h2>
            <p className="mt-1 text-sm text-fg-muted">{DETAILS_HINT[editor.kind]}</p>
            <div className="mt-5">
              <FieldControls form={editor.form} values={editor.values} errors={errors} />
            </div>
          </section>
          {editor.kind === 'site' ? null : (
            <section aria-labelledby="body-title" className="min-w-0">
              <h2 id="body-title" className="text-lg font-semibold tracking-tight">
                {isCaseStudy ? 'Story' : isPage ? 'Page' : 'Summary'}
              </h2>
              <p className="mt-1 text-sm text-fg-muted">{BODY_HINT[editor.kind]}</p>
              {bodyProblems.length ? (
                <ul className="mt-3 grid gap-1 text-sm font-medium text-red-600 dark:text-red-400" data-body-problems>
                  {bodyProblems.map((problem, index) => (
                    <li key={index}>
                      {problem.line ? `Line ${problem.line}: ` : ''}
                      {problem.message}
                    </li>
                  ))}
                </ul>
              ) : null}
              <div className="mt-4">
                <BodyEditor name="body" label="Text" scriptUrl={editor.editorScript} defaultValue={editor.body} documentPath={editor.path} blocks={isCaseStudy || isPage ? 'case-study' : 'none'} />
              </div>
            </section>
          )}
        </fieldset>
        <ActionBar
          readOnly={readOnly}
          canPreview={isCaseStudy || isPage}
          saved={autosave.state}
          phase={autosave.phase}
          message={message}
          sending={autosave.sending}
          live={result?.status === 'published' && !autosave.edited}
        />
      </form>
      )}
      {(isCaseStudy || isPage) && !readOnly && !nothingToEdit ? (
        <div className="-mt-20 pb-28">
          <ImageUploadForm documentPath={editor.path} uploaded={uploaded} error={uploadError} />
        </div>
      ) : null}
    </>
  );
}

const DETAILS_HINT = {
  site: 'Your name, the home page’s words and photos, and how to reach you.',
  resume: 'Everything the resume page and its PDF list.',
  'case-study': 'What the card on the home page shows, and the page’s header.',
  page: 'Its title and the line under it, the picture of its sharing card, and its place in the menu (empty: not in the menu).',
} as const;

const BODY_HINT = {
  site: '',
  resume: 'The paragraph at the top of the resume.',
  'case-study': 'The case study’s page: each main heading starts one of its numbered sections.',
  page: 'What the page says, with the same blocks as a story: images, galleries, quotes, callouts, embeds, video.',
} as const;

/** The note's button on a phone; a dot on it says a note is written while the field is folded away. */
const NOTE_BUTTON =
  'relative order-1 cursor-pointer max-sm:px-3 sm:sr-only after:absolute after:top-1 after:right-1 after:hidden after:size-2 after:rounded-full after:bg-accent group-has-[[data-note]:not(:placeholder-shown)]/bar:after:block';
/** Slimmer on a phone, so Save draft, Preview and Publish fit one row beside the note. */
const BAR_BUTTON = [BUTTON, 'order-1 max-sm:px-3'].join(' ');

const WORKING: Record<string, string> = {
  publish: 'Checking, then publishing…',
  save: 'Keeping your draft…',
};

type ActionBarProps = { readOnly: boolean; canPreview: boolean; saved: string | null; phase: string; message?: string; sending: string | null; live: boolean };

/**
 * Save draft, Preview and Publish. From the click until the answer, the
 * button says what is happening and no button can send the edit again; after
 * a second, the bar says what the wait is for. Just published and untouched
 * since, Publish reads "Live".
 */
function ActionBar({ readOnly, canPreview, saved, phase, message, sending, live }: ActionBarProps) {
  const busy = sending !== null;
  return (
    <div data-action-bar className="fixed inset-x-0 bottom-0 z-30 border-t border-border/80 bg-bg/90 backdrop-blur-md supports-[backdrop-filter]:bg-bg/80">
      <div className="group/bar mx-auto flex max-w-6xl flex-wrap items-center gap-1.5 px-3 py-2 sm:gap-2 sm:px-6 sm:py-3 lg:px-8">
        {/* On a phone the note folds into this label, so the bar keeps to one row: it opens while she types in it. */}
        <label
          htmlFor="commit-message"
          title="What changed (kept in the history)"
          className={[BUTTON, NOTE_BUTTON].join(' ')}
        >
          <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="1.75" strokeLinecap="round" strokeLinejoin="round" className="size-4">
            <path d="M4 14.5V16h1.5L14 7.5 12.5 6 4 14.5ZM11.5 7l1.5 1.5" />
          </svg>
          <span className="sr-only">What changed (kept in the history)</span>
        </label>
        <input
          id="commit-message"
          name="_message"
          data-note
          form={FORM_ID}
          defaultValue={message}
          placeholder="What changed (optional)"
          maxLength={2000}
          disabled={readOnly}
          className="order-last h-10 w-full min-w-0 rounded-full border border-border bg-bg px-4 text-sm outline-none not-focus:max-sm:sr-only focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30 sm:order-none sm:w-auto sm:flex-1"
        />
        <div className="order-first line-clamp-2 min-w-0 flex-1 text-xs text-fg-muted sm:mr-0 sm:w-48 sm:flex-none">
          <p aria-live="polite" data-autosave data-autosave-state={phase} hidden={busy}>
            {saved}
          </p>
          <Progress active={busy} className="text-xs">
            {(sending && WORKING[sending]) ?? 'Working…'}
          </Progress>
        </div>
        <button type="submit" form={FORM_ID} name="intent" value="save" formNoValidate className={BAR_BUTTON} disabled={readOnly || busy} aria-busy={sending === 'save' || undefined}>
          {sending === 'save' ? (
            <>
              <Spinner />
              Saving…
            </>
          ) : (
            'Save draft'
          )}
        </button>
        {canPreview ? (
          <button type="submit" form={FORM_ID} name="intent" value="preview" formAction="/admin/content/api/preview" formTarget="_blank" formNoValidate className={BAR_BUTTON} disabled={busy}>
            Preview
          </button>
        ) : null}
        <button type="submit" form={FORM_ID} name="intent" value="publish" data-publish className={[PRIMARY, 'order-1 max-sm:px-4'].join(' ')} disabled={readOnly || busy} aria-busy={sending === 'publish' || undefined}>
          {sending === 'publish' ? (
            <>
              <Spinner />
              Publishing…
            </>
          ) : live ? (
            <>
              <svg aria-hidden="true" viewBox="0 0 20 20" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className="size-4">
                <path d="m4.5 10.5 3.5 3.5 7.5-8" />
              </svg>
              Live
            </>
          ) : (
            'Publish'
          )}
        </button>
      </div>
    </div>
  );
}
