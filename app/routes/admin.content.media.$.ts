import { contentMediaLoader } from '~/loaders/owner-content-media.server';

/** An image of content/ or public/ for the editor and the preview: the draft's upload first, else the branch's. */
export const loader = contentMediaLoader;
