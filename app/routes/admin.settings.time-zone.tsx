import type { MetaFunction } from '@remix-run/node';
import { Form, useActionData, useLoaderData, useNavigation } from '@remix-run/react';
import { Panel } from '~/components/admin/kit/Panel';
import { absoluteTime } from '~/components/admin/kit/time';
import { AnswerNote } from '~/components/admin/settings/AnswerNote';
import { ownerTimeZoneAction, ownerTimeZoneLoader } from './admin.settings.time-zone.server';

export const loader = ownerTimeZoneLoader;
export const action = ownerTimeZoneAction;

export const meta: MetaFunction = () => [{ title: 'Time zone — Settings — Owner’s area' }, { name: 'robots', content: 'noindex' }];

const PRIMARY =
  'h-11 rounded-full bg-accent px-5 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60';
const SELECT =
  'block w-full max-w-md rounded-lg border border-border bg-bg px-3.5 py-3 text-base text-fg shadow-xs outline-none transition-colors hover:border-fg-muted/50 focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30';

const SOURCE: Record<'owner' | 'browser' | 'none', string> = {
  owner: 'You chose it here.',
  browser: 'Taken from your browser on your first visit; choose another below if it is wrong.',
  none: 'Not set yet, so the site uses UTC for now: with JavaScript on, it takes your browser’s time zone as you open your owner’s area; without JavaScript, it stays UTC until you choose yours below.',
};

/** Her time zone: a list of zones with hers chosen, which works without JavaScript. */
export default function TimeZoneSettings() {
  const { zone, chosenBy, choices, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  const saving = useNavigation().state === 'submitting';
  return (
    <Panel title="Time zone" id="time-zone-title" className="max-w-3xl">
      <div className="grid gap-4 text-[0.9375rem]">
        <p data-time-zone={zone} data-time-zone-chosen-by={chosenBy ?? 'none'}>
          Times in your owner’s area (your messages, share links, drafts) are shown in <strong>{zone}</strong>, like{' '}
          <span data-time-zone-example>{absoluteTime(now, zone)}</span>, and Insights counts its days from midnight to midnight there.{' '}
          {SOURCE[chosenBy ?? 'none']}
        </p>
        {answer ? <AnswerNote id="time-zone-answer" answer={answer} /> : null}
        <Form method="post" className="grid gap-3">
          <input type="hidden" name="intent" value="choose" />
          <div>
            <label htmlFor="time-zone" className="mb-1.5 block text-sm font-medium">
              Your time zone
            </label>
            <select
              id="time-zone"
              name="timeZone"
              defaultValue={zone}
              key={zone}
              aria-describedby="time-zone-hint"
              aria-invalid={answer?.state === 'failed' ? true : undefined}
              className={SELECT}
            >
              {choices.map((name) => (
                <option key={name} value={name}>
                  {name.replaceAll('_', ' ')}
                </option>
              ))}
            </select>
            <p id="time-zone-hint" className="mt-1.5 text-sm text-fg-muted">
              Listed by region and city: Amsterdam is under Europe. Days already counted in Insights keep their boundaries; a new time zone
              counts the days from now on.
            </p>
          </div>
          <div>
            <button type="submit" className={PRIMARY} disabled={saving}>
              {saving ? 'Saving…' : 'Save time zone'}
            </button>
          </div>
        </Form>
      </div>
    </Panel>
  );
}
