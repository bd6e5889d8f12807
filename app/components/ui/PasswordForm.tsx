import { Form, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { Field } from '~/components/contact/Field';

export type PasswordAnswer = { error?: string; limited?: string } | undefined;

/**
 * One password field and its button, as a plain POST to the page itself:
 * the lock screen of a private case study and the owner's sign-in. A wrong
 * password comes back as an error on the field; with JavaScript the field is
 * then emptied (a password is never kept) and focused, and without it the
 * answered page focuses the field itself. A rate limit is announced above.
 * While it is sent the button says `submitting`: in the owner's area through
 * the router, on the public lock screen through app/islands/pending-label.ts
 * (data-pending-label).
 */
export function PasswordForm({
  id,
  answer,
  submit,
  submitting: submittingLabel,
  inline = false,
  autoFocus = false,
  className = '',
}: {
  id: string;
  answer: PasswordAnswer;
  submit: string;
  submitting: string;
  /** Field and button side by side from the sm breakpoint. */
  inline?: boolean;
  autoFocus?: boolean;
  className?: string;
}) {
  const submitting = useNavigation().state === 'submitting';
  const field = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const input = field.current?.querySelector('input');
    if (!answer?.error || !input) return;
    input.value = '';
    input.focus();
  }, [answer]);
  return (
    <>
      {answer?.limited ? (
        <p role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
          {answer.limited}
        </p>
      ) : null}
      <Form
        method="post"
        data-pending-label={submittingLabel}
        className={`mt-6 flex flex-col ${inline ? 'gap-4 sm:flex-row sm:items-start' : 'gap-5'} ${className}`}
      >
        <div ref={field} className={inline ? 'flex-1' : undefined}>
          <Field
            id={id}
            name="password"
            label="Password"
            type="password"
            autoComplete="current-password"
            required
            error={answer?.error}
            autoFocus={autoFocus || Boolean(answer?.error)}
          />
        </div>
        <button
          type="submit"
          disabled={submitting}
          className={`h-12 shrink-0 rounded-full bg-accent px-6 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60 ${inline ? 'sm:mt-[1.6875rem]' : ''}`}
        >
          {submitting ? submittingLabel : submit}
        </button>
      </Form>
    </>
  );
}
