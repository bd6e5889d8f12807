import { query } from '~/db/connection.server';
import { hashPassword } from './password-hash.server';
import { PRIVATE_PASSWORD_RULES, type PrivatePasswordAnswer } from './private-case-study';

/**
 * The password of private case studies as the owner sets it in /admin
 * (table private_case_study_password, one row): only its scrypt hash
 * (password-hash.server.ts) and when it was set. The hash leaves this module
 * only to be compared and fingerprinted (private-access.server.ts); nothing
 * here logs or returns it to a page.
 *
 * A missing or unreachable database throws DatabaseUnavailable, as the other stores do.
 */

export type StoredPrivatePassword = { hash: string; setAt: Date };

export async function readPrivatePassword(): Promise<StoredPrivatePassword | null> {
  const [row] = await query<{ hash: string; set_at: Date }>('SELECT hash, set_at FROM private_case_study_password WHERE only_row');
  return row ? { hash: row.hash, setAt: row.set_at } : null;
}

/** What is wrong with a password she typed, in her words; null when it will do. */
export function privatePasswordProblem(password: string): string | null {
  const typed = password.trim();
  if (!typed) return 'Type the password you will give to the people you share your work with.';
  if ([...typed].length < PRIVATE_PASSWORD_RULES.min)
    return `Use at least ${PRIVATE_PASSWORD_RULES.min} characters: a short password is quick to guess.`;
  if ([...typed].length > PRIVATE_PASSWORD_RULES.max) return `Use at most ${PRIVATE_PASSWORD_RULES.max} characters.`;
  if (/[\u0000-\u001f\u007f]/.test(typed)) return 'Use letters, digits, spaces and punctuation only.';
  return null;
}

/**
 * Keeps a new password (its hash), replacing the old one: every visitor who
 * unlocked with the old one is locked out from the next request on, on every
 * instance. Spaces around it are dropped, as a reader copying it from an
 * e-mail would drop them.
 */
export async function savePrivatePassword(password: string): Promise<Date> {
  const hash = await hashPassword(password.trim());
  const [row] = await query<{ set_at: Date }>(
    `INSERT INTO private_case_study_password (only_row, hash, set_at) VALUES (true, $1, now())
     ON CONFLICT (only_row) DO UPDATE SET hash = excluded.hash, set_at = excluded.set_at
     RETURNING set_at`,
    [hash],
  );
  return row?.set_at ?? new Date();
}

/** Private pages then show no password box until a new one is set; share links keep working. */
export async function deletePrivatePassword(): Promise<void> {
  await query('DELETE FROM private_case_study_password');
}

/**
 * The owner's form (/admin/settings/private, and beside the Private setting in the
 * editor): `set` with a password, or `remove`. Her typing comes back only
 * after a mistake in it, so she can fix it; never once it is kept. While
 * Netlify's settings set the password, nothing here would be used, so
 * nothing is changed.
 */
export async function changePrivatePassword(
  { intent, password }: { intent: string; password: string },
  { setInSettings }: { setInSettings: boolean },
): Promise<{ status: number; answer: PrivatePasswordAnswer }> {
  if (setInSettings)
    return {
      status: 409,
      answer: {
        state: 'failed',
        reason:
          'The password is set in your site’s settings on Netlify, and that one is used, so nothing was changed here. Change it there, or delete it there to set it here.',
      },
    };
  if (intent === 'remove') {
    await deletePrivatePassword();
    return {
      status: 200,
      answer: {
        state: 'removed',
        message: 'Password removed. Private pages now say how to ask you for access; share links still open them.',
      },
    };
  }
  if (intent !== 'set')
    return { status: 400, answer: { state: 'failed', reason: 'That button is not known here. Reload the page and try again.' } };
  const problem = privatePasswordProblem(password);
  if (problem)
    return { status: 422, answer: { state: 'failed', reason: problem, typed: password.slice(0, PRIVATE_PASSWORD_RULES.max * 2) } };
  await savePrivatePassword(password);
  return {
    status: 200,
    answer: {
      state: 'saved',
      message:
        'Password saved. Give it to the people you want to read your private work. Anyone who unlocked with an earlier password has to enter this one.',
    },
  };
}
