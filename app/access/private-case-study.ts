import type { CaseStudyCard } from '~/content/schema';

/**
 * What a private case study's page may show before the password: its card's
 * fields (public by design: the designer writes them knowing that), at the
 * page's image widths, and the note on how to get the password. Never the
 * story, the page fields or the story's media.
 */
export type LockedCaseStudy = Pick<
  CaseStudyCard,
  'slug' | 'title' | 'description' | 'image' | 'alt' | 'tags' | 'imageWidth' | 'imageHeight' | 'imageSources'
> & {
  lockedNote: string;
  /**
   * Whether the page offers a password box: only once a password is set (or
   * when the database cannot say). Until then it says how to ask for access.
   */
  askForPassword: boolean;
  /** The site's e-mail, for the note without a password. */
  email: string;
};

/** The unlock action's answer when it does not redirect. The password is never sent back. */
export type UnlockActionData = { error?: string; limited?: string };

export const UNLOCK_TEXT = {
  wrong: 'That password isn’t right.',
  missing: 'Enter the password.',
  limited: 'Too many wrong passwords. Please wait 10 minutes and try again.',
  busy: 'Too many attempts right now. Try again in a minute.',
  unavailable: 'Private case studies can’t be unlocked right now. Please get in touch instead.',
} as const;

/** The password she sets in /admin: long enough not to be guessed in the limit's 10 tries, short enough to type. */
export const PRIVATE_PASSWORD_RULES = { min: 8, max: 200 } as const;

/**
 * Where the password visitors need comes from, for the owner's screens:
 * Netlify's settings (PRIVATE_CASE_STUDY_PASSWORD, which wins), the one she
 * set in /admin, none yet, or unknown (the database did not answer).
 */
export type PrivatePasswordState =
  { source: 'settings' } | { source: 'owner-area'; setAt: string } | { source: 'none' } | { source: 'unknown' };

/** What the owner's password form answers (never the password, except her own typing back after a mistake). */
export type PrivatePasswordAnswer =
  { state: 'saved'; message: string } | { state: 'removed'; message: string } | { state: 'failed'; reason: string; typed?: string };
