import { Link } from '@remix-run/react';
import { SETUP_GUIDE_PATH, setupProgress, type SetupStep, type SetupStepName } from '~/editing/setup/steps';

/**
 * The first-run guide: the steps from the sample to the designer's own live
 * site, each ticked by what is true (editing/setup/steps.server.ts), with a
 * link to where it is done. Plain links and a native progress bar: the same
 * without JavaScript.
 */

const ACTIONS: Record<SetupStepName, { open: string; done: string }> = {
  'name-and-email': { open: 'Change your name and e-mail', done: 'Edit' },
  photo: { open: 'Add your photo', done: 'Change' },
  resume: { open: 'Update your resume', done: 'Edit' },
  'first-case-study': { open: 'Start a case study', done: 'Add another' },
  'private-password': { open: 'Set a password', done: 'Change' },
  look: { open: 'Choose your look', done: 'Change' },
  publishing: { open: 'Connect publishing', done: 'Manage' },
  mail: { open: 'How to get them by e-mail', done: 'See how' },
  domain: { open: 'How to use your own domain', done: 'See how' },
};

/** The overview's part: the checklist while a required step is open, then only a small link to the guide. */
export function OverviewSetup({ steps }: { steps: SetupStep[] }) {
  if (setupProgress(steps).complete) {
    return (
      <p className="mt-2 text-sm">
        <Link
          data-setup-guide-link
          to={SETUP_GUIDE_PATH}
          className="inline-flex items-center gap-1.5 font-medium text-fg-muted underline-offset-4 hover:text-accent hover:underline"
        >
          <CheckIcon className="size-3.5" />
          Setup guide
        </Link>
      </p>
    );
  }
  return <SetupChecklist steps={steps} guideLink className="mt-6" />;
}

export function SetupChecklist({
  steps,
  guideLink = false,
  className = '',
}: {
  steps: SetupStep[];
  guideLink?: boolean;
  className?: string;
}) {
  const progress = setupProgress(steps);
  return (
    <section aria-labelledby="setup-title" data-setup-guide className={`rounded-2xl border border-border bg-bg p-5 sm:p-6 ${className}`}>
      <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
        <h2 id="setup-title" className="text-lg font-semibold tracking-tight">
          Make this site yours
        </h2>
        {guideLink ? (
          <Link to={SETUP_GUIDE_PATH} className="shrink-0 text-sm font-medium text-accent underline-offset-4 hover:underline">
            Setup guide
          </Link>
        ) : null}
      </div>
      <p className="mt-1 max-w-2xl text-sm text-fg-muted">
        {progress.complete
          ? 'Your site is your own, and live. The optional steps are there whenever you want them.'
          : 'A few steps from the sample you started with to your own portfolio, live. Each is ticked as soon as it is true on your site.'}
      </p>
      <div className="mt-4 flex items-center gap-3">
        <progress
          value={progress.done}
          max={progress.total}
          aria-labelledby="setup-title setup-progress-text"
          className="h-2 min-w-0 flex-1 appearance-none overflow-hidden rounded-full bg-bg-muted [&::-moz-progress-bar]:rounded-full [&::-moz-progress-bar]:bg-accent [&::-webkit-progress-bar]:bg-bg-muted [&::-webkit-progress-value]:rounded-full [&::-webkit-progress-value]:bg-accent"
        />
        <span id="setup-progress-text" data-setup-progress className="shrink-0 text-sm font-medium tabular-nums">
          {progress.done} of {progress.total} done
        </span>
      </div>
      <ol className="mt-5 divide-y divide-border border-t border-border">
        {steps.map((step) => (
          <Step key={step.name} step={step} />
        ))}
      </ol>
    </section>
  );
}

function Step({ step }: { step: SetupStep }) {
  const action = ACTIONS[step.name][step.done ? 'done' : 'open'];
  return (
    <li data-setup-step={step.name} data-done={String(step.done)} className="flex gap-3.5 py-4 last:pb-0 sm:gap-4">
      <StepMark done={step.done} optional={step.optional} />
      <div className="flex min-w-0 flex-1 flex-wrap items-center justify-between gap-x-6 gap-y-2">
        <div className="min-w-0 flex-1 basis-60">
          <h3 className="flex flex-wrap items-center gap-x-2 gap-y-1 font-medium">
            <span className={step.done ? 'text-fg-muted' : ''}>{step.title}</span>
            {step.optional ? (
              <span className="rounded-full bg-bg-muted px-2 py-0.5 text-xs font-medium text-fg-muted">Optional</span>
            ) : null}
            <span className="sr-only">{step.done ? '(done)' : '(to do)'}</span>
          </h3>
          <p className="mt-0.5 text-sm text-fg-muted">{step.hint}</p>
        </div>
        <Link
          to={step.href}
          className={
            step.done
              ? 'shrink-0 text-sm font-medium text-fg-muted underline-offset-4 hover:text-accent hover:underline'
              : 'inline-flex shrink-0 items-center gap-1 text-sm font-medium text-accent underline-offset-4 hover:text-accent-hover hover:underline'
          }
        >
          {action}
          {step.done ? null : <span aria-hidden="true">→</span>}
        </Link>
      </div>
    </li>
  );
}

/** A tick in a filled circle, or an empty circle (dashed for an optional step); its meaning is also in words beside the title. */
function StepMark({ done, optional }: { done: boolean; optional: boolean }) {
  if (done) {
    return (
      <span aria-hidden="true" className="mt-0.5 flex size-6 shrink-0 items-center justify-center rounded-full bg-accent text-accent-fg">
        <CheckIcon className="size-3.5" />
      </span>
    );
  }
  return (
    <span
      aria-hidden="true"
      className={`mt-0.5 size-6 shrink-0 rounded-full border-2 ${optional ? 'border-dashed' : ''} border-fg-muted/35`}
    />
  );
}

function CheckIcon({ className }: { className: string }) {
  return (
    <svg
      viewBox="0 0 16 16"
      fill="none"
      stroke="currentColor"
      strokeWidth="2.25"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
    >
      <path d="M3.5 8.5l3 3 6-7" />
    </svg>
  );
}
