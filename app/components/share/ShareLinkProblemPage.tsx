import { Link } from '@remix-run/react';
import { STATUS_ACTION, StatusPage } from '~/components/layout/StatusPage';
import type { ShareLinkProblem } from './types';

/** What a recipient sees when their link cannot open anything. */
export function ShareLinkProblemPage({ problem, name, email }: ShareLinkProblem) {
  const firstName = name.split(' ')[0];
  const ask = (
    <a href={`mailto:${email}`} className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover">
      {email}
    </a>
  );
  const home = (
    <Link to="/" className={STATUS_ACTION}>
      See the public work
    </Link>
  );
  if (problem === 'expired' || problem === 'revoked') {
    return (
      <StatusPage code={410} title="This link has expired." action={home}>
        <p>
          {`Ask ${name} for a new one: `}
          {ask}.
        </p>
      </StatusPage>
    );
  }
  if (problem === 'limited') {
    return (
      <StatusPage code={429} title="Too many tries" action={home}>
        <p>Please wait a few minutes, then open the link from the message again.</p>
      </StatusPage>
    );
  }
  if (problem === 'unavailable') {
    return (
      <StatusPage code={503} title="The link can’t be checked right now" action={home}>
        <p>
          Please try again in a minute. If it keeps happening, write to {firstName}: {ask}.
        </p>
      </StatusPage>
    );
  }
  return (
    <StatusPage code={404} title="This link doesn’t open anything" action={home}>
      <p>
        Check that the whole link was copied, or ask {name} for a new one: {ask}.
      </p>
    </StatusPage>
  );
}
