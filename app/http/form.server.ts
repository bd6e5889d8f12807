import { readBoundedBody } from '~/http/read-body.server';

const FORM_TYPES: ReadonlySet<string> = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * A small form POST, read from at most `limit` bytes whatever Content-Length
 * says; a number is the status to refuse it with (413, 415, 400).
 */
export async function readSmallForm(request: Request, limit = 16 * 1024): Promise<FormData | 413 | 415 | 400> {
  const body = await readBoundedBody(request, limit, FORM_TYPES);
  if (typeof body === 'number') return body;
  try {
    // Re-parsed from the bounded bytes, never from the unbounded stream; the type is a form's, as checked above.
    return await new Response(body, {
      headers: { 'content-type': request.headers.get('content-type') ?? '' },
    }).formData();
  } catch {
    return 400;
  }
}

/** A form field as trimmed text ('' when absent or a file). */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
