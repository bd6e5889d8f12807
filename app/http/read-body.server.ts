/**
 * Reads a body up to `limit` bytes, whatever Content-Length claimed (it may be
 * absent with chunked encoding, or simply lie). Returns null as soon as the
 * body is bigger, without buffering the rest. `over: 'release'` stops reading
 * without cancelling: cancelling destroys the socket under the Express
 * adapter, and the client would get a reset instead of a 413 (Node drains or
 * closes the connection once the answer has been sent).
 */
export async function readStreamUpTo(
  stream: ReadableStream<Uint8Array>,
  limit: number,
  over: 'release' | 'cancel' = 'release',
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      if (over === 'cancel') await reader.cancel().catch(() => undefined);
      else reader.releaseLock();
      return null;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

async function readLimitedBody(request: Request, limit: number): Promise<Uint8Array<ArrayBuffer> | null> {
  return request.body ? readStreamUpTo(request.body, limit) : new Uint8Array();
}

/** True when Content-Length is present and above `limit`, so the body need not be read at all. */
function declaresTooLarge(request: Request, limit: number): boolean {
  const declared = Number(request.headers.get('content-length'));
  return Number.isFinite(declared) && declared > limit;
}

/** The bare media type, lower case: `text/html; charset=utf-8` → `text/html`. */
export function mediaType(request: Request): string {
  const [type = ''] = (request.headers.get('content-type') ?? '').split(';', 1);
  return type.trim().toLowerCase();
}

/**
 * The one bounded read of a request body: refused (413) when Content-Length
 * already says it is over `limit`, before anything is read; refused (415)
 * when its media type is not one of `types` (any type when omitted); then
 * read up to `limit` bytes, and refused (413) past them.
 */
export async function readBoundedBody(
  request: Request,
  limit: number,
  types?: ReadonlySet<string>,
): Promise<Uint8Array<ArrayBuffer> | 413 | 415> {
  if (declaresTooLarge(request, limit)) return 413;
  if (types && !types.has(mediaType(request))) return 415;
  return (await readLimitedBody(request, limit)) ?? 413;
}

const JSON_TYPES: ReadonlySet<string> = new Set(['application/json']);

export type JsonBody = { json: unknown } | { refused: 400 | 413 | 415 };

/** A bounded body of UTF-8 JSON, as application/json unless `anyType` (a beacon is sent as text/plain). */
export async function readJsonBody(request: Request, limit: number, { anyType = false } = {}): Promise<JsonBody> {
  const bytes = await readBoundedBody(request, limit, anyType ? undefined : JSON_TYPES);
  if (typeof bytes === 'number') return { refused: bytes };
  try {
    return {
      json: JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(bytes)),
    };
  } catch {
    return { refused: 400 };
  }
}
