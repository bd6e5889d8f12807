import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData } from '@remix-run/react';
import { Panel } from '~/components/admin/kit/Panel';
import { ConnectForm, TokenSteps } from '~/components/admin/publishing/PublishingConnect';
import { RepositoryVisibilityNote } from '~/components/admin/publishing/RepositoryVisibility';
import { When } from '~/components/admin/kit/When';
import { longDayIn } from '~/time-zone/zones';
import { useOwnerTimeZone } from '~/components/admin/kit/useOwnerTimeZone';
import { tokenExpirySentence } from '~/editing/connection/token-expiry';
import { ownerPublishingAction, ownerPublishingLoader } from './admin.publishing.server';

export const loader = ownerPublishingLoader;
export const action = ownerPublishingAction;

export const meta: MetaFunction = () => [{ title: 'Publishing — Owner’s area' }, { name: 'robots', content: 'noindex' }];

const NOTE = 'rounded-xl border px-4 py-3 text-sm';
const WARN = `${NOTE} border-amber-600/35 bg-amber-500/10`;

/** Connecting the editor to the site's repository: how to make the token, the form, and the connection as it is. */
export default function OwnerPublishing() {
  const { status, kept, suggestedRepository, warning, now, visibility } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const zone = useOwnerTimeZone();
  const canConnect = status.state !== 'from-settings' && status.state !== 'local';
  const repositoryName =
    (status.repository ?? suggestedRepository)
      .split('/')
      .filter(Boolean)
      .slice(-1)[0]
      ?.replace(/\.git$/, '') || null;
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">Publishing</h1>
      <p className="mt-2 max-w-2xl text-fg-muted">
        When you publish, the editor saves your change in your site’s repository on GitHub, where the site is built from. For that it needs
        a token: a key from GitHub that may change this one repository and nothing else.
      </p>
      <div className="mt-6 grid items-start gap-5 lg:grid-cols-5">
        <Panel title="Connection" id="connection-title" className="lg:col-span-2">
          <div data-publishing-state={status.state} className="grid gap-3 text-[0.9375rem]">
            {status.state === 'connected' || (status.state === 'problem' && kept) ? (
              <dl className="grid gap-2">
                <div>
                  <dt className="text-sm text-fg-muted">Repository</dt>
                  <dd className="font-medium break-all">{status.repository}</dd>
                </div>
                <div>
                  <dt className="text-sm text-fg-muted">Branch</dt>
                  <dd className="font-medium">{kept?.branch}</dd>
                </div>
                {kept ? (
                  <div>
                    <dt className="text-sm text-fg-muted">Connected</dt>
                    <dd>
                      <When at={kept.connectedAt} now={now} />
                    </dd>
                  </div>
                ) : null}
                <div>
                  <dt className="text-sm text-fg-muted">Token expires</dt>
                  <dd data-token-expires={status.expiresAt ?? 'unknown'}>
                    {status.expiresAt ? longDayIn(status.expiresAt, zone) : 'Not known (GitHub did not say)'}
                  </dd>
                </div>
              </dl>
            ) : null}
            {status.state === 'connected' ? (
              <p className="font-medium text-emerald-700 dark:text-emerald-400">Connected: the editor can publish.</p>
            ) : null}
            {status.state === 'not-connected' ? (
              <p>Not connected yet. You can look at your content in the editor, but not publish it until you connect.</p>
            ) : null}
            {status.state === 'from-settings' ? (
              <p>
                Publishing is set up in Netlify’s settings (CONTENT_GIT_URL and CONTENT_GIT_TOKEN), for{' '}
                <span className="font-medium break-all">{status.repository}</span>. To change it, change those settings in Netlify.
              </p>
            ) : null}
            {status.state === 'local' ? (
              <p>This site runs on your computer: publishing saves your changes in its files here. There is nothing to connect.</p>
            ) : null}
            {status.state === 'problem' && status.reason && warning?.state !== 'expired' ? (
              <p role="alert" className={WARN}>
                {status.reason}
              </p>
            ) : null}
            {warning ? (
              <p data-token-expiry={warning.state} className={WARN}>
                {tokenExpirySentence(warning, canConnect ? 'below' : 'in Netlify’s settings', zone)}
              </p>
            ) : null}
            {visibility ? <RepositoryVisibilityNote visibility={visibility} showPrivate /> : null}
            {kept ? (
              <Form method="post">
                <button
                  type="submit"
                  name="intent"
                  value="disconnect"
                  className="h-10 rounded-full border border-border px-4 text-sm font-medium transition-colors hover:border-red-600 hover:text-red-700 dark:hover:text-red-400"
                >
                  Disconnect
                </button>
                <p className="mt-2 text-sm text-fg-muted">Forgets the token here. Delete it on GitHub too if you no longer need it.</p>
              </Form>
            ) : null}
          </div>
        </Panel>
        {canConnect ? (
          <Panel title={kept ? 'Replace the token' : 'Connect'} id="connect-title" className="lg:col-span-3">
            <div className="grid gap-6">
              <TokenSteps repositoryName={repositoryName} />
              <ConnectForm suggestedRepository={suggestedRepository} answer={answer} reconnect={Boolean(kept)} />
            </div>
          </Panel>
        ) : null}
      </div>
      {answer && !canConnect ? (
        <p role="alert" data-git-status={answer.state} className={`mt-4 ${WARN}`}>
          {answer.state === 'connected' ? answer.message : answer.reason}
        </p>
      ) : null}
      <p className="mt-8 max-w-2xl text-sm text-fg-muted">
        Anyone with the token can change your repository, so it stays on the server. If you think it has leaked, delete it on GitHub
        (Settings → Developer settings → Fine-grained tokens) and make a new one.
      </p>
    </>
  );
}
