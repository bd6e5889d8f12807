import type { MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Panel } from '~/components/admin/kit/Panel';
import { When } from '~/components/admin/kit/When';
import { AnswerNote } from '~/components/admin/settings/AnswerNote';
import { MailAccountForm } from '~/components/admin/settings/MailAccountForm';
import type { MailAccountView } from '~/contact/mail-account.server';
import { MAIL_PROVIDERS } from '~/contact/mail-providers';
import { loaderAndActionHeaders } from '~/http/route-headers';
import type { MailFormValues } from '~/contact/mail-settings.server';
import { ownerMailSettingsAction, ownerMailSettingsLoader } from './admin.settings.mail.server';

export const loader = ownerMailSettingsLoader;
export const action = ownerMailSettingsAction;
// A test refused for the limit carries Retry-After, on the page as on its data request.
export const headers = loaderAndActionHeaders;

export const meta: MetaFunction = () => [{ title: 'Mail — Settings — Owner’s area' }, { name: 'robots', content: 'noindex' }];

const QUIET_BUTTON =
  'h-10 rounded-full border border-border px-4 text-sm font-medium transition-colors hover:bg-bg-muted disabled:opacity-60';
const REMOVE_BUTTON =
  'h-10 rounded-full border border-border px-4 text-sm font-medium transition-colors hover:border-red-600 hover:text-red-700 disabled:opacity-60 dark:hover:text-red-400';
const WARN = 'rounded-xl border border-amber-600/35 bg-amber-500/10 px-4 py-3 text-sm';

/** Where her messages go, and the mail account they go out through: pick a service, paste its key, send a test. */
export default function MailSettings() {
  const { fromEnvironment, account, recipient, suggestedFrom, onNetlify, lastDeliveredAt, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const pending = useNavigation().formData?.get('intent');
  const statusAnswer = answer && answer.intent !== 'save' ? answer : undefined;
  const values = answer && 'values' in answer && answer.values ? answer.values : undefined;
  const chosen = values?.provider || account?.provider || 'resend';
  const mode = fromEnvironment ? 'environment' : account ? 'owner-area' : 'none';

  return (
    <div className="grid items-start gap-5 lg:grid-cols-5">
      <Panel title="Where your messages go" id="mail-status-title" className="min-w-0 lg:col-span-2">
        <div data-mail-settings={mode} className="grid gap-3 text-[0.9375rem]">
          <p>
            Every message from your contact form is kept in your{' '}
            <Link to="/admin/messages" className="font-medium text-accent underline-offset-4 hover:underline">
              inbox
            </Link>{' '}
            here, so none is lost.
          </p>
          {mode === 'none' ? (
            <p className="text-fg-muted">
              {onNetlify
                ? 'No mail account yet, so they are not sent to your e-mail. Set one up here to get each message by e-mail too, and answer with Reply.'
                : 'No mail account yet. On this computer, each message is also written to the outbox folder. Set one up here to get them by e-mail.'}
            </p>
          ) : null}
          {mode === 'environment' ? (
            <p>
              They also go to your e-mail, through the mail account set in Netlify’s settings (SMTP_URL). That one always wins over this
              page: to use the form here instead, remove it in Netlify and start a new deploy.
            </p>
          ) : null}
          {account && mode === 'owner-area' ? (
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
              <dt className="text-fg-muted">Sent with</dt>
              <dd className="font-medium">{MAIL_PROVIDERS[account.provider].name}</dd>
              <dt className="text-fg-muted">From</dt>
              <dd className="break-all">{account.fromAddress}</dd>
              <dt className="text-fg-muted">To</dt>
              <dd className="break-all">{recipient ?? '—'}</dd>
              <dt className="text-fg-muted">Tested</dt>
              <dd>
                <When at={account.testedAt} now={now} />
              </dd>
              <dt className="text-fg-muted">Last message</dt>
              <dd>{lastDeliveredAt ? <When at={lastDeliveredAt} now={now} /> : 'None yet'}</dd>
            </dl>
          ) : null}
          {account && !account.passwordReadable && mode === 'owner-area' ? (
            <p role="alert" className={WARN}>
              Your saved {MAIL_PROVIDERS[account.provider].secretLabel} can no longer be unlocked: the site’s secret changed. Paste it again
              in the form to send mail again.
            </p>
          ) : null}
          {mode !== 'none' ? (
            <div className="flex flex-wrap gap-2">
              <Form method="post">
                <button type="submit" name="intent" value="test" disabled={pending === 'test'} className={QUIET_BUTTON}>
                  {pending === 'test' ? 'Sending…' : 'Send a test message'}
                </button>
              </Form>
              {mode === 'owner-area' ? (
                <Form method="post">
                  <button type="submit" name="intent" value="remove" disabled={pending === 'remove'} className={REMOVE_BUTTON}>
                    Stop sending by e-mail
                  </button>
                </Form>
              ) : null}
            </div>
          ) : null}
          {statusAnswer ? <AnswerNote id="mail-status-answer" answer={statusAnswer} /> : null}
          {recipient ? null : (
            <p className={WARN}>
              Your site has no e-mail address to send messages to. Add yours in{' '}
              <Link to="/admin/content/site.yml#field-email" className="font-medium text-accent underline underline-offset-4">
                Site details
              </Link>
              .
            </p>
          )}
        </div>
      </Panel>
      {fromEnvironment ? null : (
        <Panel
          title={account ? 'Change your mail account' : 'Set up your mail account'}
          id="mail-form-title"
          className="min-w-0 lg:col-span-3"
        >
          <ol className="mb-6 grid list-decimal gap-1.5 pl-5 text-sm text-fg-muted marker:font-semibold">
            <li>Make an account with one of the services below, and add your domain to it.</li>
            <li>
              Add the few records it shows where your domain is managed (see{' '}
              <Link to="/admin/settings/domain" className="font-medium text-accent underline-offset-4 hover:underline">
                Your domain
              </Link>
              ), and wait until it says the domain is verified.
            </li>
            <li>Choose it here, paste what it gave you, and send yourself a test.</li>
          </ol>
          <MailAccountForm
            chosen={chosen}
            values={values ?? (account ? keptValues(account) : { fromAddress: suggestedFrom })}
            answer={answer}
            hasAccount={Boolean(account?.passwordReadable)}
            recipient={recipient}
          />
        </Panel>
      )}
    </div>
  );
}

/** The kept account's details as she typed them, shown again for a change (never its password). */
function keptValues(account: MailAccountView): Partial<MailFormValues> {
  const provider = MAIL_PROVIDERS[account.provider];
  return {
    fromAddress: account.fromAddress,
    username: provider.user === null ? account.username : '',
    ...(provider.host === null ? { host: account.host, port: String(account.port), security: account.security } : {}),
  };
}
