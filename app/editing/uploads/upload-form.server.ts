import { readSmallForm } from '~/http/form.server';
import { MAX_IMAGE_FILE_BYTES } from './check.server';

export type UnreadUpload = { status: number; error: string };

/** An image upload's form, read within `limit` bytes; or, when it cannot be read, the status and the sentence to answer with. */
export async function readUploadForm(request: Request, limit: number): Promise<FormData | UnreadUpload> {
  const form = await readSmallForm(request, limit);
  if (form === 413)
    return {
      status: 413,
      error: `That file is over ${MAX_IMAGE_FILE_BYTES / 1024 / 1024} MB. Export it smaller (2,400 pixels wide is plenty) and try again.`,
    };
  if (typeof form === 'number') return { status: form, error: 'Send the image as a file upload (multipart form).' };
  return form;
}
