import { useFetcher } from '@remix-run/react';
import { useEffect, useRef, type FormEvent } from 'react';
import { Field } from '~/components/contact/Field';
import { When } from '~/components/admin/kit/When';
import { PRIVATE_PASSWORD_RULES, type PrivatePasswordAnswer, type PrivatePasswordState } from '~/access/private-case-study';

export const PRIVATE_PASSWORD_PAGE = '/admin/settings/private';

const PRIMARY =
  'h-11 shrink-0 rounded-full bg-accent px-5 text-[0.9375rem] font-medium text-accent-fg transition-colors hover:bg-accent-hover disabled:opacity-60';
const QUIET =
  'h-10 rounded-full border border-border px-4 text-sm font-medium transition-colors hover:border-red-600 hover:text-red-700 disabled:opacity-60 dark:hover:text-red-400';

/**
 * The password of private case studies, as the owner sets it: where it
 * stands, a form `[data-private-password]` with one input named `password`,
 * and (once set) a way to remove it. Shown on /admin/settings/private and beside a
 * case study's Private setting in the editor; both post to /admin/settings/private.
 *
 * The field is plain text, not a password field: it is a password she gives
 * out, so she sees what she types, and a browser's password manager must not
 * fill her own sign-in password in here. It is never shown again once saved.
 *
 * Without JavaScript the form posts and comes back (to `back`, the editor
 * page, when saved); with it, it is sent in place and the answer shows here.
 */
export function PrivatePasswordForm({
  state,
  answer: pageAnswer,
  back,
  now,
  idPrefix = 'private-password',
}: {
  state: PrivatePasswordState;
  /** The settings page's own action answer (without JavaScript). */
  answer?: PrivatePasswordAnswer;
  /** Where a no-JavaScript save returns to (an editor page), instead of the settings page. */
  back?: string;
  now: string;
  idPrefix?: string;
}) {
  const fetcher = useFetcher<PrivatePasswordAnswer>();
  const answer = fetcher.data ?? pageAnswer;
  const busy = fetcher.state !== 'idle' ? String(fetcher.formData?.get('intent') ?? '') : '';
  const field = useRef<HTMLDivElement>(null);
  // A kept password leaves the field; a mistake keeps her typing (the answer brings it back without JavaScript) and takes the focus.
  useEffect(() => {
    const input = field.current?.querySelector('input');
    if (answer?.state === 'saved' && input) input.value = '';
    if (answer?.state === 'failed' && fetcher.data) input?.focus();
  }, [answer, fetcher.data]);

  // With JavaScript the answer stays on this page: the return address is for the no-JavaScript round trip only.
  const submitInPlace = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    const body = new FormData(event.currentTarget, submitter instanceof HTMLElement ? submitter : null);
    body.delete('back');
    fetcher.submit(body, { method: 'post', action: PRIVATE_PASSWORD_PAGE });
  };

  if (state.source === 'settings') {
    return (
      <p data-private-password-source="settings" className="text-[0.9375rem]">
        Your password for private case studies is set in your site’s settings on Netlify (it is named{' '}
        <code className="font-mono text-[0.8125rem]">PRIVATE_CASE_STUDY_PASSWORD</code> there), and that one always wins, so it can’t be
        changed here. To change it, change it there and start a new deploy; to set it here instead, delete it there first.
      </p>
    );
  }
  const error = answer?.state === 'failed' ? answer.reason : undefined;
  const set = state.source === 'owner-area';
  return (
    <div className="grid gap-4">
      <p data-private-password-source={state.source} className="text-[0.9375rem]">
        {state.source === 'owner-area' ? (
          <>
            A password is set (<When at={state.setAt} now={now} />
            ). Anyone you give it to can open every private case study for 30 days on their device.
          </>
        ) : state.source === 'none' ? (
          'No password yet. Until you set one, a private case study’s page says the work is under NDA and how to ask you for access. Share links open it either way.'
        ) : (
          'The site can’t tell right now whether a password is set: its database did not answer. Reload the page in a minute.'
        )}
      </p>
      {state.source === 'unknown' ? null : (
        <fetcher.Form
          method="post"
          action={PRIVATE_PASSWORD_PAGE}
          data-private-password
          onSubmit={back ? submitInPlace : undefined}
          className="grid gap-3"
        >
          {back ? <input type="hidden" name="back" value={back} /> : null}
          <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
            <div ref={field} className="min-w-0 flex-1">
              <Field
                id={`${idPrefix}-input`}
                name="password"
                label={set ? 'New password' : 'Password'}
                type="text"
                autoComplete="off"
                autoCapitalize="off"
                spellCheck={false}
                required
                minLength={PRIVATE_PASSWORD_RULES.min}
                maxLength={PRIVATE_PASSWORD_RULES.max}
                defaultValue={pageAnswer?.state === 'failed' && !fetcher.data ? pageAnswer.typed : undefined}
                autoFocus={Boolean(error) && !fetcher.data}
                error={error}
              />
            </div>
            <button type="submit" name="intent" value="set" disabled={busy !== ''} className={`${PRIMARY} sm:mt-[1.6875rem]`}>
              {busy === 'set' ? 'Saving…' : set ? 'Change password' : 'Set password'}
            </button>
          </div>
          <p className="text-sm text-fg-muted">
            At least {PRIVATE_PASSWORD_RULES.min} characters; a few unrelated words are easy to share and hard to guess. It is kept
            scrambled, so no one can read it back, not even you: note it somewhere safe.
            {set ? ' Changing it locks out everyone who unlocked with the old one, at once; your share links keep working.' : ''}
          </p>
        </fetcher.Form>
      )}
      {answer && answer.state !== 'failed' ? (
        <p
          role="status"
          data-private-password-answer={answer.state}
          className="rounded-xl border border-emerald-600/30 bg-emerald-500/10 px-4 py-3 text-sm text-emerald-900 dark:text-emerald-200"
        >
          {answer.message}
        </p>
      ) : null}
      {set ? (
        <fetcher.Form method="post" action={PRIVATE_PASSWORD_PAGE} onSubmit={back ? submitInPlace : undefined}>
          {back ? <input type="hidden" name="back" value={back} /> : null}
          <button type="submit" name="intent" value="remove" disabled={busy !== ''} className={QUIET}>
            {busy === 'remove' ? 'Removing…' : 'Remove the password'}
          </button>
        </fetcher.Form>
      ) : null}
    </div>
  );
}
