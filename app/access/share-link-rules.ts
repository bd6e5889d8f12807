/** Share links' numbers, for the server and the owner's form alike. */
export const DEFAULT_LINK_DAYS = 30;
export const MAX_LINK_DAYS = 365;
export const EXTEND_DAYS = 30;
export const EXPIRY_CHOICES = [7, 14, 30, 60, 90, 180, 365] as const;
