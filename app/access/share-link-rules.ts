/** Share links' numbers, for the server and the owner's form alike. */
export const DEFAULT_LINK_DAYS = 30;
export const MAX_LINK_DAYS = 365;
export const EXTEND_DAYS = 30;
export const EXPIRY_CHOICES = [7, 14, 30, 60, 90, 180, 365] as const;

export type LinkState = 'active' | 'expired' | 'revoked';
/** The owner's list shows all links or those in one state. */
export type LinkFilter = LinkState | 'all';
export const LINK_FILTERS: LinkFilter[] = ['all', 'active', 'expired', 'revoked'];
