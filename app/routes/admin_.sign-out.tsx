import { signOutAction, signOutLoader } from './admin_.sign-out.server';

// POST signs out (the forms in the owner's area); a GET only goes back to the area.
export const action = signOutAction;
export const loader = signOutLoader;
