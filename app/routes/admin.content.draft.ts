import { contentDraftAction } from '~/loaders/owner-content-draft.server';

/** The editor's autosave: POST the edit form here, get `{ saved }` back. */
export const action = contentDraftAction;
