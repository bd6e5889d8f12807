import type { HeadersFunction, MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { useEffect, useRef } from 'react';
import { OwnerAreaProblemPage } from '~/components/admin/OwnerAreaProblemPage';
import { OwnerBar } from '~/components/admin/OwnerBar';
import { Field, LockIcon } from '~/components/ui';
import { signInAction, signInLoader, type SignInData } from '~/loaders/owner-sign-in.server';

export const loader = signInLoader;
export const action = signInAction;

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders }) => {
  const headers = new Headers(loaderHeaders);
  actionHeaders.forEach((value, name) => headers.set(name, value));
  return headers;
};

export const meta: MetaFunction = () => [{ title: 'Sign in — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function SignIn() {
  const page = useLoaderData<typeof loader>() as SignInData;
  const answer = useActionData<typeof action>() as SignInData | undefined;
  const submitting = useNavigation().state === 'submitting';
  const field = useRef<HTMLDivElement>(null);
  const state = answer?.state ?? page.state;
  // A wrong password answered in place: the field is emptied and focused, as on the lock screen.
  useEffect(() => {
    const input = field.current?.querySelector('input');
    if (!answer?.error || !input) return;
    input.value = '';
    input.focus();
  }, [answer]);
  if (state !== 'form') return <OwnerAreaProblemPage problem={state} />;
  return (
    <>
    <OwnerBar name={page.siteName ?? ''} />
    <main id="main" className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-5 py-16 sm:px-6">
      <div className="rounded-3xl border border-border bg-bg-subtle p-6 shadow-xs sm:p-8">
        <p className="flex items-center gap-2 text-sm font-semibold uppercase tracking-[0.16em] text-accent">
          <LockIcon className="size-4" />
          Owner’s area
        </p>
        <h1 className="mt-3 text-3xl font-semibold tracking-tight">Sign in</h1>
        <p className="mt-2 text-fg-muted">Share links, messages and what visitors read.</p>
        {answer?.limited ? (
          <p role="alert" className="mt-5 text-sm font-medium text-red-600 dark:text-red-400">
            {answer.limited}
          </p>
        ) : null}
        <Form method="post" className="mt-6 flex flex-col gap-5">
          <div ref={field}>
            <Field
              id="owner-password"
              name="password"
              label="Password"
              type="password"
              autoComplete="current-password"
              required
              error={answer?.error}
              autoFocus
            />
          </div>
          <button
            type="submit"
            disabled={submitting}
            className="h-12 rounded-full bg-accent px-6 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60"
          >
            {submitting ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
      </div>
    </main>
    </>
  );
}
