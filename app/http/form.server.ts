import { declaresTooLarge, mediaType, readLimitedBody } from '~/http/read-body.server';

const FORM_TYPES = new Set(['application/x-www-form-urlencoded', 'multipart/form-data']);

/**
 * A small form POST, read from at most `limit` bytes whatever Content-Length
 * says; a number is the status to refuse it with (413, 415, 400).
 */
export async function readSmallForm(request: Request, limit = 16 * 1024): Promise<FormData | 413 | 415 | 400> {
  if (!FORM_TYPES.has(mediaType(request))) return 415;
  if (declaresTooLarge(request, limit)) return 413;
  const body = await readLimitedBody(request, limit);
  if (!body) return 413;
  try {
    return await new Response(body, { headers: { 'content-type': request.headers.get('content-type')! } }).formData();
  } catch {
    return 400;
  }
}

/** A form field as trimmed text ('' when absent or a file). */
export const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === 'string' ? value.trim() : '';
};
