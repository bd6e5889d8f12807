import type { SaveResult } from '~/editing/save-result';
import { BUTTON, PRIMARY, QUIET_LINK } from './buttons';
import { DiffView } from './DiffView';

/**
 * What a publish did, in one calm box: `[data-save-result]` says which
 * (published, unchanged, conflict, invalid, failed), and a published one
 * carries its commit. A conflict shows both versions and the two ways on.
 */
export function SaveResultBanner({ result, formId }: { result: SaveResult; formId: string }) {
  const tone = result.status === 'published' || result.status === 'unchanged' ? GOOD : result.status === 'conflict' || result.status === 'read-only' ? WARN : BAD;
  const commit = result.status === 'published' ? { 'data-commit': result.commit } : result.status === 'failed' && result.exposed ? { 'data-exposed': '' } : {};
  return (
    <section role={result.status === 'published' || result.status === 'unchanged' ? 'status' : 'alert'} data-save-result={result.status === 'read-only' ? 'failed' : result.status} {...commit} className={`rounded-2xl border p-4 sm:p-5 ${tone}`}>
      {result.status === 'published' ? (
        <>
          <p className="font-semibold">Published.</p>
          <p className="mt-1 text-sm">
            {result.pushed ? '' : 'Kept on this computer only. '}
            {result.live.when}{' '}
            {result.live.href ? (
              <a href={result.live.href} className={QUIET_LINK}>
                Open the page
              </a>
            ) : null}
          </p>
          {result.warning ? <p className="mt-2 text-sm">{result.warning}</p> : null}
        </>
      ) : result.status === 'unchanged' ? (
        <p className="font-semibold">Nothing to publish: the site already has this version.</p>
      ) : result.status === 'invalid' ? (
        <>
          <p className="font-semibold">Not published yet: something needs fixing first.</p>
          <p className="mt-1 text-sm">{result.reason}</p>
          {result.problems.length ? (
            <ul className="mt-3 grid gap-1.5 text-sm" data-problems>
              {result.problems.map((problem, index) => (
                <li key={index} className="flex gap-2">
                  <span aria-hidden="true">•</span>
                  <span>
                    {problem.line && !problem.field ? `Line ${problem.line}: ` : ''}
                    {problem.message}
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : result.status === 'conflict' ? (
        <Conflict result={result} formId={formId} />
      ) : (
        <>
          <p className="font-semibold">{result.status === 'read-only' ? 'Publishing is off.' : 'Not published.'}</p>
          <p className="mt-1 text-sm">{result.reason}</p>
          <p className="mt-1 text-sm">Your edit is kept as a draft: nothing is lost.</p>
        </>
      )}
    </section>
  );
}

function Conflict({ result, formId }: { result: Extract<SaveResult, { status: 'conflict' }>; formId: string }) {
  return (
    <>
      <p className="font-semibold">Not published: this file changed since you opened it.</p>
      <p className="mt-1 text-sm">
        Someone (or you, elsewhere) published this page in the meantime. Nothing was overwritten and your draft is kept. Compare the two, then choose.
      </p>
      <div className="mt-3 overflow-hidden rounded-xl border border-border bg-bg">
        <p className="border-b border-border px-4 py-2 text-sm font-medium">From theirs to yours</p>
        <DiffView hunks={result.hunks} removedLabel="Only in theirs" addedLabel="Only in yours" />
      </div>
      <div className="mt-3 grid gap-3 lg:grid-cols-2">
        <Version title="Theirs, on the site now" text={result.theirs ?? '(the file was deleted)'} />
        <Version title="Yours, the draft" text={result.mine} />
      </div>
      <div className="mt-4 flex flex-wrap gap-2">
        <button type="submit" form={formId} name="intent" value="take-theirs" formNoValidate className={BUTTON}>
          Discard mine, load theirs
        </button>
        <button type="submit" form={formId} name="intent" value="keep-mine" formNoValidate className={PRIMARY}>
          Keep mine over theirs
        </button>
      </div>
    </>
  );
}

function Version({ title, text }: { title: string; text: string }) {
  return (
    <details className="min-w-0 rounded-xl border border-border bg-bg">
      <summary className="cursor-pointer px-3 py-2 text-sm font-medium">{title}</summary>
      <pre className="max-h-80 overflow-auto border-t border-border px-3 py-2 font-mono text-xs leading-relaxed whitespace-pre-wrap">{text}</pre>
    </details>
  );
}

const GOOD = 'border-emerald-600/30 bg-emerald-500/8 text-fg';
const WARN = 'border-amber-600/35 bg-amber-500/10 text-fg';
const BAD = 'border-red-600/30 bg-red-500/8 text-fg';
