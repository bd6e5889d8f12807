import { Link } from '@remix-run/react';
import { STATUS_ACTION, StatusPage } from '~/components/layout/StatusPage';

/** The owner's area fails closed: this page, with a 503, says why. */
export function OwnerAreaProblemPage({ problem }: { problem: 'closed' | 'unavailable' }) {
  const home = (
    <Link to="/" className={STATUS_ACTION}>
      Go to the site
    </Link>
  );
  if (problem === 'closed') {
    return (
      <StatusPage code={503} title="The owner’s area is closed" action={home}>
        <p>
          It opens once <code className="font-mono text-base">ADMIN_PASSWORD</code> is set for this site (see the README, “The owner’s area”).
        </p>
      </StatusPage>
    );
  }
  return (
    <StatusPage code={503} title="The owner’s area can’t reach its database" action={home}>
      <p>Nothing is lost: the public pages and the contact form keep working. Try again in a minute.</p>
    </StatusPage>
  );
}
