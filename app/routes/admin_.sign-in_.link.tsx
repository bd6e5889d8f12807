import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation, useNavigation } from '@remix-run/react';
import { OwnerAreaProblemPage } from '~/components/admin/frame/OwnerAreaProblemPage';
import { PRIMARY_BUTTON, SECONDARY_BUTTON, SignInCard } from '~/components/admin/frame/SignInCard';
import { adminLinks } from '~/components/admin/kit/stylesheet';
import { signInLinkAction, signInLinkLoader, type SignInLinkData } from './admin_.sign-in_.link.server';
import { loaderAndActionHeaders } from '~/http/route-headers';

export const loader = signInLinkLoader;
export const action = signInLinkAction;
export const links = adminLinks;
export const headers = loaderAndActionHeaders;

export const meta: MetaFunction = () => [
  { title: 'Sign in with a link — Owner’s area' },
  { name: 'robots', content: 'noindex' },
  { name: 'referrer', content: 'same-origin' },
];

export default function SignInWithLink() {
  const page = useLoaderData<typeof loader>() as SignInLinkData;
  const answer = useActionData<typeof action>() as SignInLinkData | undefined;
  const signingIn = useNavigation().state === 'submitting';
  const here = useLocation();
  const { state, siteName } = answer ?? page;
  if (state === 'closed' || state === 'unavailable' || state === 'no-database') return <OwnerAreaProblemPage problem={state} />;
  if (state === 'busy') {
    return (
      <SignInCard siteName={siteName} title="Too many attempts right now" lead="Try again in a minute.">
        <p className="mt-6">
          <Link to={`${here.pathname}${here.search}`} reloadDocument className={`${SECONDARY_BUTTON} w-full`}>
            Try again
          </Link>
        </p>
      </SignInCard>
    );
  }
  if (state === 'ready') {
    return (
      <SignInCard
        siteName={siteName}
        title="Sign in with your link"
        lead="This link works once. Signing in opens a 12-hour session on this device."
      >
        {answer?.notice ? (
          <p role="alert" className="mt-4 text-sm font-medium text-red-600 dark:text-red-400">
            {answer.notice}
          </p>
        ) : null}
        <Form method="post" className="mt-6">
          <input type="hidden" name="token" value={answer?.token ?? page.token} />
          <button type="submit" disabled={signingIn} className={`${PRIMARY_BUTTON} w-full`}>
            {signingIn ? 'Signing in…' : 'Sign in'}
          </button>
        </Form>
      </SignInCard>
    );
  }
  return (
    <SignInCard
      siteName={siteName}
      title={state === 'limited' ? 'Too many tries' : 'This link has been used or has expired'}
      lead={
        state === 'limited'
          ? 'Wait ten minutes, then open the link again.'
          : 'Each link works once, for 15 minutes. Ask for a new one on the sign-in page.'
      }
    >
      <p className="mt-6">
        <Link to="/admin/sign-in" className={`${SECONDARY_BUTTON} w-full`}>
          Go to sign-in
        </Link>
      </p>
    </SignInCard>
  );
}
