import type { MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { OwnerAreaProblemPage } from '~/components/admin/OwnerAreaProblemPage';
import { OwnerBar } from '~/components/admin/OwnerBar';
import { adminLinks } from '~/components/admin/stylesheet';
import { LockIcon } from '~/components/ui';
import { PasswordForm } from '~/components/ui/PasswordForm';
import { signInAction, signInLoader, type SignInData } from '~/loaders/owner-sign-in.server';
import { loaderAndActionHeaders } from '~/http/route-headers';

export const loader = signInLoader;

export const links = adminLinks;
export const action = signInAction;

export const headers = loaderAndActionHeaders;

export const meta: MetaFunction = () => [{ title: 'Sign in — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function SignIn() {
  const page = useLoaderData<typeof loader>() as SignInData;
  const answer = useActionData<typeof action>() as SignInData | undefined;
  const state = answer?.state ?? page.state;
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
        <PasswordForm id="owner-password" answer={answer} submit="Sign in" submitting="Signing in…" autoFocus />
      </div>
    </main>
    </>
  );
}
