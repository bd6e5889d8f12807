import { Link } from '@remix-run/react';
import type { LookPublishResult } from '~/editing/look/publish-look.server';
import type { Look } from '~/look/look';
import { layoutWords, NEUTRAL_LABELS, SCHEME_LABELS, SHAPE_LABELS } from '~/look/look-words';
import { typefaceChoice } from '~/look/typefaces';

/**
 * What a publish of her look did, in her words: `[data-save-result]` says
 * which (published, unchanged, conflict, invalid, failed), as on the
 * editor's pages, and a published one carries its commit.
 */

const GOOD = 'border-emerald-600/30 bg-emerald-500/8';
const WARN = 'border-amber-600/35 bg-amber-500/10';
const BAD = 'border-red-600/30 bg-red-500/8';
const LINK = 'font-medium text-accent underline underline-offset-4 hover:text-accent-hover';

const describe = (look: Look) =>
  `accent ${look.accent}, ${NEUTRAL_LABELS[look.neutral].toLowerCase()} greys, ${typefaceChoice(look.typeface).name}, ${SHAPE_LABELS[look.shape].toLowerCase()} corners, ${SCHEME_LABELS[look.scheme].toLowerCase()}, ${layoutWords(look)}`;

export function LookResult({ result }: { result: LookPublishResult }) {
  const status = result.status === 'read-only' ? 'failed' : result.status;
  const tone = status === 'published' || status === 'unchanged' ? GOOD : status === 'conflict' ? WARN : BAD;
  const good = status === 'published' || status === 'unchanged';
  return (
    <section
      role={good ? 'status' : 'alert'}
      data-save-result={status}
      {...(result.status === 'published' ? { 'data-commit': result.commit } : {})}
      className={`mt-6 rounded-2xl border p-4 text-sm sm:p-5 ${tone}`}
    >
      {result.status === 'published' ? (
        <>
          <p className="text-base font-semibold">Your look is published.</p>
          <p className="mt-1">
            {result.live.when}{' '}
            {result.live.href ? (
              <a href={result.live.href} className={LINK}>
                See your site
              </a>
            ) : null}
          </p>
        </>
      ) : result.status === 'unchanged' ? (
        <p className="text-base font-semibold">Nothing to publish: your site already has this look and these home page sections.</p>
      ) : result.status === 'conflict' ? (
        <>
          <p className="text-base font-semibold">
            Your look or your home page’s sections were changed somewhere else since you opened this page.
          </p>
          <p className="mt-1">
            Your site now has: {describe(result.theirs)}. Your choices are kept below: publish again to use yours instead, or{' '}
            <Link to="/admin/look" className={LINK}>
              start again from the one published
            </Link>
            .
          </p>
        </>
      ) : result.status === 'invalid' ? (
        <>
          <p className="text-base font-semibold">Not published yet.</p>
          <p className="mt-1">{result.reason}</p>
          {result.problems.length ? (
            <ul className="mt-2 list-disc pl-5">
              {result.problems.map((problem) => (
                <li key={problem}>{problem}</li>
              ))}
            </ul>
          ) : null}
        </>
      ) : (
        <>
          <p className="text-base font-semibold">{result.status === 'read-only' ? 'Publishing is not connected yet.' : 'Not published.'}</p>
          <p className="mt-1">{result.reason} Your choices are kept below.</p>
          {result.status === 'read-only' && result.fixHref ? (
            <p className="mt-1">
              <Link to={result.fixHref} className={LINK}>
                Connect publishing
              </Link>
            </p>
          ) : null}
        </>
      )}
    </section>
  );
}
