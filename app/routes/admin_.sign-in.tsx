import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { OwnerAreaProblemPage } from '~/components/admin/frame/OwnerAreaProblemPage';
import { SECONDARY_BUTTON, SignInCard } from '~/components/admin/frame/SignInCard';
import { adminLinks } from '~/components/admin/kit/stylesheet';
import { PasswordForm } from '~/components/ui/PasswordForm';
import { signInAction, signInLoader, type SignInData } from './admin_.sign-in.server';
import { loaderAndActionHeaders } from '~/http/route-headers';

export const loader = signInLoader;

export const links = adminLinks;
export const action = signInAction;

export const headers = loaderAndActionHeaders;

export const meta: MetaFunction = () => [{ title: 'Sign in — Owner’s area' }, { name: 'robots', content: 'noindex' }];

/** While password sign-in is paused for everyone: the way in by e-mail. */
function MailLinkForm({ mailed }: { mailed?: string }) {
  const sending = useNavigation().formData?.get('intent') === 'mail-link';
  return (
    <div className="mt-6 border-t border-border pt-6" data-sign-in-link>
      {mailed ? (
        <p role="status" className="text-sm font-medium text-fg">
          {mailed}
        </p>
      ) : null}
      <Form method="post" className={mailed ? 'mt-4' : undefined}>
        <input type="hidden" name="intent" value="mail-link" />
        <button type="submit" disabled={sending} className={`${SECONDARY_BUTTON} w-full`}>
          {sending ? 'Sending…' : 'E-mail me a one-time sign-in link'}
        </button>
      </Form>
    </div>
  );
}

export default function SignIn() {
  const page = useLoaderData<typeof loader>() as SignInData;
  const answer = useActionData<typeof action>() as SignInData | undefined;
  const state = answer?.state ?? page.state;
  if (state !== 'form') return <OwnerAreaProblemPage problem={state} />;
  return (
    <SignInCard siteName={page.siteName ?? ''} title="Sign in" lead="Share links, messages and what visitors read.">
      <PasswordForm id="owner-password" answer={answer?.mailed ? undefined : answer} submit="Sign in" submitting="Signing in…" autoFocus />
      {answer?.paused ? <MailLinkForm mailed={answer.mailed} /> : null}
    </SignInCard>
  );
}
