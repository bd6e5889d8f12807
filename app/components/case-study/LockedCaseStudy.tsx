import { useActionData } from '@remix-run/react';
import { useContactHref } from '~/components/contact/contact-href';
import { LockIcon } from '~/components/ui';
import { PasswordForm } from '~/components/ui/PasswordForm';
import type { LockedCaseStudy as Locked, UnlockActionData } from '~/access/private-case-study';
import type { Site } from '~/content/schema';
import { fillWords, LOCKED_WORDS } from '~/content/site-words';
import { CaseStudyHeading, CaseStudyHeroImage } from './CaseStudyHeader';

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
 * page. The form (PasswordForm) is a plain POST to the page itself; with
 * JavaScript it submits in place. Until the designer has set a password
 * there is no box to type into: the page says how to ask for access instead
 * (her note is left out then, as it may promise a password).
 */
export function LockedCaseStudy({ caseStudy, words = LOCKED_WORDS }: { caseStudy: Locked; words?: Site['locked'] }) {
  const answer = useActionData<UnlockActionData>();
  const contactHref = useContactHref();
  return (
    <header className="mx-auto max-w-6xl px-5 pt-8 pb-16 sm:px-6 sm:pt-12 lg:px-8">
      <CaseStudyHeading tags={caseStudy.tags} title={caseStudy.title} lead={caseStudy.description} />

      <section aria-labelledby="unlock-title" className="mt-10 max-w-xl rounded-3xl border border-border bg-bg-subtle p-6 sm:p-8">
        <h2 id="unlock-title" className="flex items-center gap-2.5 text-xl font-semibold tracking-tight">
          <span className="grid size-9 place-items-center rounded-full bg-accent-soft text-accent-soft-fg">
            <LockIcon className="size-[18px]" />
          </span>
          {words.title}
        </h2>
        {caseStudy.askForPassword ? (
          <>
            <div className="mt-3">
              <Note text={caseStudy.lockedNote} />
            </div>
            <PasswordForm id="unlock-password" answer={answer} submit="Unlock" submitting="Unlocking…" inline />
          </>
        ) : (
          <div className="mt-3 grid gap-4" data-no-password>
            <Note text={fillWords(words.noPasswordNote, { email: caseStudy.email })} />
            <p>
              <a
                href={contactHref}
                className="inline-flex h-11 items-center rounded-full bg-accent px-5 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover"
              >
                {words.askButton}
              </a>
            </p>
          </div>
        )}
      </section>

      <CaseStudyHeroImage caseStudy={caseStudy} className="mt-12" />
    </header>
  );
}
