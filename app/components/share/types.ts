/** Why a share link does not open (routes/s.$token.server.ts), and whom to ask instead. */
export type ShareLinkProblem = {
  problem: 'unknown' | 'expired' | 'revoked' | 'limited' | 'unavailable';
  name: string;
  email: string;
};
