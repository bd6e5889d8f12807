import type { SaveResult } from '~/editing/save-result';
import { BUTTON, PRIMARY, QUIET_LINK } from './buttons';

/**
 * What a publish did, in one calm box: `[data-save-result]` says which
 * (published, unchanged, conflict, invalid, failed), and a published one
 * carries its commit. A conflict shows, field by field and paragraph by
 * paragraph, hers and the published version, and the ways on (the safe one first).
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
                {result.live.linkText ?? 'Open the page'}
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
  if (result.image) {
    return (
      <>
        <p className="font-semibold">Not published: an image with the same name was published in the meantime.</p>
        <p className="mt-1 text-sm">Nothing was overwritten and your draft is kept. Upload your image again under another name, then publish.</p>
      </>
    );
  }
  const changedElsewhere = result.deleted || result.fields.some((field) => field.by !== 'you') || result.story.length > 0;
  return (
    <>
      <p className="font-semibold">Not published: this page was changed elsewhere since you opened it.</p>
      <p className="mt-1 text-sm">
        {result.deleted
          ? 'It was deleted in the meantime (in another tab, or by someone else). '
          : 'A newer version was published in the meantime (in another tab, or by someone else). '}
        Nothing was overwritten and your draft is kept. Here is where yours and the published version differ.
      </p>
      {result.fields.length ? (
        <div className="mt-3 grid gap-2" data-conflict-fields>
          {result.fields.map((field, index) => (
            <div key={index} data-conflict-field={field.label} data-by={field.by} className="rounded-xl border border-border bg-bg p-3">
              <p className="text-sm font-medium">
                {field.label} <span className="font-normal text-fg-muted">· {CHANGED_BY[field.by]}</span>
              </p>
              <Sides yours={[field.yours]} published={[field.published]} />
            </div>
          ))}
        </div>
      ) : null}
      {result.story.length ? (
        <div className="mt-3 grid gap-2" data-conflict-story>
          {result.story.map((change, index) => (
            <div key={index} data-conflict-paragraph className="rounded-xl border border-border bg-bg p-3">
              <p className="text-sm font-medium">
                Story{change.after ? <span className="font-normal text-fg-muted"> · after “{clip(change.after)}”</span> : <span className="font-normal text-fg-muted"> · at the top</span>}
              </p>
              <Sides yours={change.yours} published={change.published} />
            </div>
          ))}
        </div>
      ) : null}
      <div className="mt-4 grid gap-3">
        <div>
          <button type="submit" form={formId} name="intent" value="reapply" formNoValidate className={WRAPPING(PRIMARY)}>
            Keep the published version and re-apply my changes
          </button>
          <p className="mt-1 text-sm text-fg-muted">Only what you changed goes on top of it. You see the result before anything is published.</p>
        </div>
        <div>
          <button type="submit" form={formId} name="intent" value="keep-mine" formNoValidate className={WRAPPING(BUTTON)}>
            Keep my version instead
          </button>
          <p className="mt-1 text-sm text-fg-muted" data-replaces>
            {changedElsewhere
              ? 'This replaces the published version: the changes made there are undone when you publish.'
              : 'This replaces the published version when you publish.'}
          </p>
        </div>
        <div>
          <button type="submit" form={formId} name="intent" value="take-theirs" formNoValidate className={QUIET_LINK}>
            Drop my changes and open the published version
          </button>
        </div>
      </div>
    </>
  );
}

/** A long label wraps on a phone rather than running off the screen. */
const WRAPPING = (button: string) => button.replace('h-10', 'min-h-10 py-2 text-center');

const CHANGED_BY = { you: 'you changed this', elsewhere: 'changed in the meantime', both: 'changed by both' } as const;

function clip(text: string): string {
  const line = text.split('\n')[0] ?? '';
  return line.length > 60 ? `${line.slice(0, 57).trimEnd()}…` : line;
}

/** Hers and the published, side by side on a wide screen, one above the other on a phone. */
function Sides({ yours, published }: { yours: string[]; published: string[] }) {
  return (
    <div className="mt-2 grid gap-2 sm:grid-cols-2">
      <Side title="Yours" texts={yours} side="yours" />
      <Side title="Published" texts={published} side="published" />
    </div>
  );
}

function Side({ title, texts, side }: { title: string; texts: string[]; side: 'yours' | 'published' }) {
  const shown = texts.filter((text) => text !== '');
  return (
    <div className="min-w-0 rounded-lg bg-bg-subtle px-3 py-2" {...{ [`data-${side}`]: '' }}>
      <p className="text-xs font-medium tracking-wide text-fg-muted uppercase">{title}</p>
      {shown.length ? (
        shown.map((text, index) => (
          <p key={index} className="mt-1 text-sm break-words whitespace-pre-line">
            {text}
          </p>
        ))
      ) : (
        <p className="mt-1 text-sm text-fg-muted italic">Empty</p>
      )}
    </div>
  );
}

const GOOD = 'border-emerald-600/30 bg-emerald-500/8 text-fg';
const WARN = 'border-amber-600/35 bg-amber-500/10 text-fg';
const BAD = 'border-red-600/30 bg-red-500/8 text-fg';
