import { Link } from '@remix-run/react';
import { STATUS_ACTION, StatusPage } from '~/components/layout/StatusPage';

/** The owner's area fails closed: this page, with a 503, says why. */
export function OwnerAreaProblemPage({ problem }: { problem: 'closed' | 'unavailable' | 'no-database' }) {
  const home = (
    // A public page runs no app: it is loaded as a whole document (root.tsx).
    <Link to="/" reloadDocument className={STATUS_ACTION}>
      Go to the site
    </Link>
  );
  if (problem === 'closed') {
    return (
      <StatusPage code={503} title="The owner’s area is closed" action={home}>
        <p>
          It opens once a password is set for it: in Netlify, open your site’s <strong>Environment variables</strong> and add{' '}
          <code className="font-mono text-base">ADMIN_PASSWORD</code>, then deploy again.
        </p>
      </StatusPage>
    );
  }
  if (problem === 'no-database') {
    return (
      <StatusPage code={503} title="The owner’s area needs its database" action={home}>
        <p>
          Your public site works, but sign-in, your inbox, share links, reading insights and publishing keep their data in Netlify Database,
          and this site has none yet. Netlify makes one when the site is deployed; if it has not, open your site in Netlify, turn on{' '}
          <strong>Netlify Database</strong>, and deploy again.
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
