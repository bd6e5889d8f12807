import { signOutAction } from '~/loaders/owner-sign-in.server';

// POST only (the forms in the owner's area); a GET finds nothing here.
export const action = signOutAction;
