import type { ReactNode } from 'react';

type IntentButtonProps = { intent: string; busy: boolean; busyLabel: string; className: string; children: ReactNode };

/**
 * A form's submit button, named `intent` so the route's action knows which
 * form was sent. While that form is on its way it says so and is disabled, so
 * a second click sends nothing twice.
 */
export function IntentButton({ intent, busy, busyLabel, className, children }: IntentButtonProps) {
  return (
    <button type="submit" name="intent" value={intent} disabled={busy} className={className}>
      {busy ? busyLabel : children}
    </button>
  );
}
