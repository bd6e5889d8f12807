import { DEFAULT_TIME_ZONE, longDayIn } from '~/time-zone/zones';

/**
 * When the owner's area warns that the publishing token is about to expire:
 * from WARN_DAYS before, and in stronger words once it has. Shared by the
 * overview and the Publishing page.
 */

export const WARN_DAYS = 14;
const DAY_MS = 24 * 60 * 60 * 1000;

export type TokenExpiryWarning = { state: 'soon'; daysLeft: number; expiresAt: string } | { state: 'expired'; expiresAt: string };

export function tokenExpiryWarning(expiresAt: string | null, now: Date = new Date()): TokenExpiryWarning | null {
  if (!expiresAt) return null;
  const at = new Date(expiresAt).getTime();
  if (Number.isNaN(at)) return null;
  const left = at - now.getTime();
  if (left <= 0) return { state: 'expired', expiresAt };
  if (left > WARN_DAYS * DAY_MS) return null;
  return { state: 'soon', daysLeft: Math.ceil(left / DAY_MS), expiresAt };
}

/**
 * The warning as one sentence for the designer; `where` the new token goes
 * ('in Publishing' from elsewhere, 'below' on that page); the day in her time zone.
 */
export function tokenExpirySentence(warning: TokenExpiryWarning, where = 'in Publishing', zone = DEFAULT_TIME_ZONE): string {
  const on = longDayIn(warning.expiresAt, zone);
  if (warning.state === 'expired')
    return `Publishing has stopped: the GitHub token expired on ${on}. Make a new token and paste it ${where} to publish again.`;
  const days = warning.daysLeft === 1 ? '1 day' : `${warning.daysLeft} days`;
  return `The GitHub token that lets the editor publish expires in ${days} (${on}). Make a new one and paste it ${where} before then.`;
}
