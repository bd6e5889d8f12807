import { contentUploadAction } from '~/loaders/owner-content-upload.server';

/** Images for a case study's story: checked, named on the server, kept with the draft until it is published. */
export const action = contentUploadAction;
