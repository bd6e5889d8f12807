import { Link } from '@remix-run/react';
import type { MailHealthView } from './types';
import { StateBadge } from '~/components/admin/kit/StateBadge';
import { deliveryProblem } from '~/contact/mail-errors';
import { When } from '~/components/admin/kit/When';

/** Whether contact mail gets through, and what is waiting if it does not. */
export function MailHealthSummary({ mail, now }: { mail: MailHealthView; now: string }) {
  if (mail.mode === 'inbox') {
    return (
      <div data-mail-state="inbox-only" className="text-sm">
        <p className="flex items-center gap-2">
          <StateBadge tone="quiet">inbox only</StateBadge>
          <span className="text-fg-muted">No mail account yet</span>
        </p>
        <p className="mt-4 text-fg-muted">
          Messages from your contact form are kept in your inbox here, and visitors are told they were sent. To also get them by e-mail, add
          a mail account.
        </p>
        <Link to="/admin/settings/mail" className="mt-3 inline-block font-medium text-accent underline-offset-4 hover:underline">
          Get messages by e-mail
        </Link>
      </div>
    );
  }
  const badge =
    mail.state === 'failing' ? (
      <StateBadge tone="bad">failing</StateBadge>
    ) : mail.state === 'working' ? (
      <StateBadge tone="good">working</StateBadge>
    ) : (
      <StateBadge tone="quiet">no mail yet</StateBadge>
    );
  return (
    <div data-mail-state={mail.state} className="text-sm">
      <p className="flex items-center gap-2">
        {badge}
        <span className="text-fg-muted">
          {mail.mode === 'smtp' ? 'Sending through your mail account' : 'Writing to the local outbox folder'}
        </span>
      </p>
      <dl className="mt-4 grid grid-cols-[auto_1fr] gap-x-4 gap-y-2">
        <dt className="text-fg-muted">Last delivered</dt>
        <dd>{mail.lastDeliveredAt ? <When at={mail.lastDeliveredAt} now={now} /> : '—'}</dd>
        <dt className="text-fg-muted">Waiting to retry</dt>
        <dd>{mail.retrying}</dd>
        <dt className="text-fg-muted">Given up</dt>
        <dd>{mail.failed}</dd>
      </dl>
      {mail.state === 'failing' && mail.lastError ? (
        <p className="mt-4 rounded-lg bg-bg-muted px-3 py-2 text-sm text-fg-muted">Not sent: {deliveryProblem(mail.lastError)}</p>
      ) : null}
      <Link to="/admin/settings/mail" className="mt-4 inline-block font-medium text-accent underline-offset-4 hover:underline">
        {mail.mode === 'smtp' ? 'Mail settings' : 'Get messages by e-mail'}
      </Link>
    </div>
  );
}
