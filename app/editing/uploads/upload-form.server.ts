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
  // One file per upload: the routes read one, and a second would be read for nothing. An empty file input is
  // sent too (no name, no bytes), so only the files actually chosen count.
  const files = [...form.values()].filter((value): value is File => value instanceof File && (value.name !== '' || value.size > 0));
  if (files.length > 1) return { status: 400, error: 'Only one file can be uploaded at a time. Choose one file and try again.' };
  return form;
}
