import { contentPreviewAction } from '~/loaders/owner-content-preview.server';

/** The edit form's Preview button posts here (in a new tab): the page as the site will draw it. */
export const action = contentPreviewAction;
