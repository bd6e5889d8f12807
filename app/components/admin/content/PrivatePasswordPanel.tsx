import { Link } from '@remix-run/react';
import type { PrivatePasswordState } from '~/access/private-case-study';
import type { Condition } from '~/editing/documents/fields';
import type { FormValue } from '~/editing/documents/form-values';
import { PRIVATE_PASSWORD_PAGE, PrivatePasswordForm } from '~/components/admin/private/PrivatePasswordForm';
import { QUIET_LINK } from './buttons';

/** Shown while the case study is published and private, as its locked note is; with JavaScript it follows the selects at once. */
const WHEN_PRIVATE: Condition[] = [
  { name: 'status', in: ['published'] },
  { name: 'visibility', in: ['private'] },
];

/**
 * Beside a case study's Private setting: the password its page asks for
 * (one for every private case study), set or changed right here. A form of
 * its own, outside the edit form, so setting it publishes nothing.
 */
export function PrivatePasswordPanel({
  state,
  values,
  back,
  now,
}: {
  state: PrivatePasswordState;
  values: Record<string, FormValue>;
  back: string;
  now: string;
}) {
  const shown = WHEN_PRIVATE.every((condition) => condition.in.includes(String(values[condition.name] ?? '')));
  return (
    <section
      id="private-password"
      aria-labelledby="private-password-title"
      data-show-when={JSON.stringify(WHEN_PRIVATE)}
      data-show-when-of="content-editor"
      hidden={!shown}
      className="mt-6 rounded-2xl border border-border bg-bg p-4 sm:p-6"
    >
      <h2 id="private-password-title" className="text-lg font-semibold tracking-tight">
        Password for private case studies
      </h2>
      <p className="mt-1 text-sm text-fg-muted">
        This case study is private: its page asks for this password, the same for all your private case studies.{' '}
        <Link to={PRIVATE_PASSWORD_PAGE} className={QUIET_LINK}>
          More about private work
        </Link>
      </p>
      <div className="mt-4">
        <PrivatePasswordForm state={state} back={back} now={now} idPrefix="editor-private-password" />
      </div>
    </section>
  );
}
