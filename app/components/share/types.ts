import type { Site } from '~/content/schema';

/** Why a share link does not open (routes/s.$token.server.ts), whom to ask instead, and her words for it. */
export type ShareLinkProblem = {
  problem: 'unknown' | 'expired' | 'revoked' | 'limited' | 'unavailable';
  name: string;
  email: string;
  words?: Site['shareLink'];
};
