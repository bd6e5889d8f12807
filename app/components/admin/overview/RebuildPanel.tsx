import { Form, useNavigation } from '@remix-run/react';
import type { RebuildAnswer } from './types';
import { Panel } from '~/components/admin/kit/Panel';
import { IntentButton } from '~/components/admin/kit/IntentButton';

const REBUILD_BUTTON =
  'h-11 rounded-full border border-border bg-bg px-5 text-[0.9375rem] font-medium transition-colors hover:border-accent hover:text-accent disabled:opacity-60';

/**
 * "Rebuild the site", on the overview only when a build hook is set up. A
 * plain form POST (works without JavaScript); the answer is one sentence.
 */
export function RebuildPanel({ setting, answer }: { setting: 'ready' | 'invalid'; answer?: RebuildAnswer }) {
  const navigation = useNavigation();
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'rebuild';
  return (
    <Panel title="Rebuild the site" id="rebuild-title" className="lg:col-span-5">
      <p className="max-w-prose text-sm text-fg-muted">
        What you publish is live at once and needs no rebuild. Rebuild only if the site looks out of date: it takes a few minutes and counts
        as one deploy on Netlify.
      </p>
      {setting === 'invalid' ? (
        <p
          role="status"
          data-rebuild-setting="invalid"
          className="mt-4 rounded-xl border border-amber-600/35 bg-amber-500/10 px-4 py-3 text-sm"
        >
          The rebuild button is off: the address it calls is not one Netlify gave. Copy it again from Netlify’s Build hooks and set it in
          the site’s settings there.
        </p>
      ) : (
        <Form method="post" className="mt-4 flex flex-wrap items-center gap-x-4 gap-y-3" data-rebuild-form>
          <IntentButton intent="rebuild" busy={busy} busyLabel="Asking Netlify…" className={REBUILD_BUTTON}>
            Rebuild the site
          </IntentButton>
          {answer ? (
            <p
              role="status"
              data-rebuild-result={answer.state}
              className={`min-w-0 flex-1 basis-64 text-sm ${answer.state === 'failed' ? 'text-red-700 dark:text-red-400' : 'text-fg'}`}
            >
              {answer.message}
            </p>
          ) : null}
        </Form>
      )}
    </Panel>
  );
}
