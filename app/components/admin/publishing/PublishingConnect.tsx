import { Form, useNavigation } from '@remix-run/react';
import { Progress } from '~/components/admin/kit/Progress';
import type { PublishingActionData } from './types';
import { IntentButton } from '~/components/admin/kit/IntentButton';
import { useEmptiedAfterAnswer } from '~/components/admin/kit/useEmptiedAfterAnswer';

const CONNECT_BUTTON =
  'h-11 rounded-full bg-accent px-5 text-[0.9375rem] font-medium text-accent-fg transition-colors hover:bg-accent-hover disabled:opacity-60';

export const GITHUB_TOKEN_FORM = 'https://github.com/settings/personal-access-tokens/new';
const CONTROL =
  'block w-full rounded-lg border border-border bg-bg px-3.5 py-3 text-base text-fg shadow-xs outline-none transition-colors hover:border-fg-muted/50 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30';

/** How to make the token, in the order GitHub's form asks. */
export function TokenSteps({ repositoryName }: { repositoryName: string | null }) {
  return (
    <ol className="grid list-decimal gap-3 pl-5 text-[0.9375rem] marker:font-semibold marker:text-fg-muted">
      <li>
        Open{' '}
        <a
          href={GITHUB_TOKEN_FORM}
          target="_blank"
          rel="noopener noreferrer"
          className="font-medium text-accent underline underline-offset-4"
        >
          GitHub’s form for a new token
        </a>{' '}
        (sign in to GitHub if it asks).
      </li>
      <li>
        Give it a name you will recognise, such as <q>Portfolio editor</q>. For <b>Expiration</b>, choose a custom date one year from today:
        the site warns you 14 days before it runs out.
      </li>
      <li>
        Under <b>Repository access</b>, choose <b>Only select repositories</b>, then pick{' '}
        {repositoryName ? <b>{repositoryName}</b> : 'your site’s repository'} and nothing else.
      </li>
      <li>
        Under <b>Permissions</b>, open <b>Repository permissions</b> and set <b>Contents</b> to <b>Read and write</b>. Leave everything else
        as it is.
      </li>
      <li>
        Press <b>Generate token</b>, copy the token GitHub shows you once, and paste it below.
      </li>
    </ol>
  );
}

/** The repository and the token; the answer says exactly what is wrong. The token field is always emptied after a try. */
export function ConnectForm({
  suggestedRepository,
  answer,
  reconnect,
}: {
  suggestedRepository: string;
  answer?: PublishingActionData;
  reconnect: boolean;
}) {
  const busy = useNavigation().formData?.get('intent') === 'connect';
  const token = useEmptiedAfterAnswer(answer);
  const failed = answer?.state === 'failed';
  return (
    <Form method="post" data-git-connect className="grid gap-5" aria-describedby={answer ? 'git-status' : undefined}>
      <div>
        <label htmlFor="git-repository" className="mb-1.5 block text-sm font-medium">
          Your site’s repository
        </label>
        <input
          id="git-repository"
          name="repository"
          type="text"
          inputMode="url"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={500}
          placeholder="https://github.com/you/portfolio"
          defaultValue={answer?.repository || suggestedRepository}
          className={CONTROL}
        />
        <p className="mt-1.5 text-sm text-fg-muted">
          The address of its page on GitHub. Filled in with the one your site was built from; change it if that is not the one.
        </p>
      </div>
      <div>
        <label htmlFor="git-token" className="mb-1.5 block text-sm font-medium">
          Token
        </label>
        <input
          id="git-token"
          ref={token}
          name="token"
          type="password"
          autoComplete="off"
          spellCheck={false}
          required
          maxLength={1000}
          placeholder="github_pat_…"
          className={CONTROL}
        />
        <p className="mt-1.5 text-sm text-fg-muted">
          Kept on the server only, locked with the site’s secret, and never shown again, not even to you.
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-x-4 gap-y-3">
        <IntentButton intent="connect" busy={busy} busyLabel="Checking…" className={CONNECT_BUTTON}>
          {reconnect ? 'Check and replace the token' : 'Check and connect'}
        </IntentButton>
        <span className="text-sm text-fg-muted">Checks reading and publishing at once; nothing on your site changes.</span>
        <Progress active={busy}>Checking that your site can read and publish with this token…</Progress>
      </div>
      {answer ? (
        <p
          id="git-status"
          role={failed ? 'alert' : 'status'}
          data-git-status={answer.state}
          className={`rounded-xl border px-4 py-3 text-sm ${failed ? 'border-red-600/30 bg-red-500/8 text-red-800 dark:text-red-300' : 'border-emerald-600/30 bg-emerald-500/10 text-emerald-900 dark:text-emerald-200'}`}
        >
          <span className="font-semibold">{failed ? 'Not connected. ' : ''}</span>
          {answer.state === 'connected' ? answer.message : answer.reason}
        </p>
      ) : null}
    </Form>
  );
}
