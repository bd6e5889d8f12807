import { Form, useActionData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Field, LockIcon, TagList } from '~/components/ui';
import type { LockedCaseStudy as Locked, UnlockActionData } from '~/utils/private-case-study';
import { CaseStudyHeroImage } from './CaseStudyHeader';

/** An e-mail address in the note becomes a mailto link; the rest is text. */
function Note({ text }: { text: string }) {
  const parts = text.split(/([\w.+-]+@[\w-]+(?:\.[\w-]+)+)/);
  return (
    <p className="text-pretty text-fg-muted">
      {parts.map((part, i) =>
        i % 2 === 1 ? (
          <a key={i} href={`mailto:${part}`} className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover">
            {part}
          </a>
        ) : (
          part
        ),
      )}
    </p>
  );
}

/**
 * A private case study before the password: what its card shows, the
 * designer's note and the password form. Nothing of the story is in this
 * page. The form is a plain POST to the page itself; with JavaScript it
 * submits in place. A wrong password comes back as an error on the field,
 * with focus on it, and the field empty.
 */
export function LockedCaseStudy({ caseStudy }: { caseStudy: Locked }) {
  const answer = useActionData<UnlockActionData>();
  const submitting = useNavigation().state === 'submitting';
  const field = useRef<HTMLDivElement>(null);
  // A wrong password answered in place: the field is emptied (the password is never kept) and focused.
  useEffect(() => {
    const input = field.current?.querySelector('input');
    if (!answer?.error || !input) return;
    input.value = '';
    input.focus();
  }, [answer]);
  return (
    <header className="mx-auto max-w-6xl px-5 pb-16 pt-8 sm:px-6 sm:pt-12 lg:px-8">
      <TagList tags={caseStudy.tags} />
      <h1 className="mt-5 max-w-4xl text-4xl font-semibold leading-[1.08] tracking-[-0.03em] text-balance sm:text-5xl lg:text-6xl">{caseStudy.title}</h1>
      <p className="mt-6 max-w-3xl text-lg leading-relaxed text-pretty text-fg-muted sm:text-xl">{caseStudy.description}</p>

      <section aria-labelledby="unlock-title" className="mt-10 max-w-xl rounded-3xl border border-border bg-bg-subtle p-6 sm:p-8">
        <h2 id="unlock-title" className="flex items-center gap-2.5 text-xl font-semibold tracking-tight">
          <span className="grid size-9 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
            <LockIcon className="size-[18px]" />
          </span>
          This case study is private
        </h2>
        <div className="mt-3">
          <Note text={caseStudy.lockedNote} />
        </div>
        {answer?.limited ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
            {answer.limited}
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex flex-col gap-4 sm:flex-row sm:items-start">
          <div ref={field} className="flex-1">
            <Field
              id="unlock-password"
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              error={answer?.error}
              // Without JavaScript the page comes back with the error: focus goes straight to the field.
              autoFocus={Boolean(answer?.error)}
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="h-12 shrink-0 rounded-full bg-accent px-6 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60 sm:mt-[1.6875rem]"
          >
            {submitting ? 'Unlocking…' : 'Unlock'}
          </button>
        </Form>
      </section>

      <CaseStudyHeroImage caseStudy={caseStudy} className="mt-12" />
    </header>
  );
}
