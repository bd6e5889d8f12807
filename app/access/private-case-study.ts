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
> & { lockedNote: string };

/** The unlock action's answer when it does not redirect. The password is never sent back. */
export type UnlockActionData = { error?: string; limited?: string };

export const UNLOCK_TEXT = {
  wrong: 'That password isn’t right.',
  missing: 'Enter the password.',
  limited: 'Too many wrong passwords. Please wait 10 minutes and try again.',
  busy: 'Too many attempts right now. Try again in a minute.',
  unavailable: 'Private case studies can’t be unlocked right now. Please get in touch instead.',
} as const;

/** The lock screen's note when the case study sets none. */
export const defaultLockedNote = (email: string) => `This work is under NDA. Ask me for the password: ${email}`;
