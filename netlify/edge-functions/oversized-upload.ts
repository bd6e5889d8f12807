/**
 * oversized-upload (a Netlify edge function): a photo picked without
 * JavaScript is posted as it is, and a request over 6 MB (base64 counted, as
 * Netlify counts a file upload) never reaches a function: Netlify would
 * answer with its own error page, and what the designer typed in the form
 * would be lost. This runs before the function, at the edge, where no such
 * limit applies to reading the request. When the upload would be refused, it
 * reads the form as it streams in, keeps every field but the files, and
 * passes that on to the editor's route with `_too_large.<field>` = the
 * file's size in bytes: the route then keeps what was typed and answers with
 * the editor's own sentence and its fix. Anything within the limit passes
 * untouched.
 *
 * Before any of that, and before a byte of the body is read, a POST from
 * another site (its Origin is not this site's, or it has none) is refused
 * (403), as the owner's area refuses it (app/http/origin.server.ts); and a
 * POST with no owner's session cookie at all goes to sign-in (303), as the
 * route would send it: a stranger, who can send this site's Origin from a
 * script of his own, still cannot make it read 100 MB first. (Whether the
 * cookie's session is live is the route's to judge: this has no database.) An upload carries one file: a
 * second one read here is refused (400), as the route's form reader does.
 *
 * Self-contained (web APIs only, no imports): Netlify runs it with Deno,
 * and the local server (scripts/serve.ts, scripts/netlify-function.ts) runs
 * this same file in front of the function, where the platform-limits mode
 * stands in for Netlify's limit. Reading a 50 MB body costs little CPU: a
 * file's bytes are only searched for the form's boundary, with a skip table.
 */

/** Netlify's buffered request limit, and its rule for which bodies are base64-encoded (app/http/platform-limits.ts holds the same; a unit test keeps them equal). */
export const FUNCTION_PAYLOAD_BYTES = 6 * 1024 * 1024;
/** The fields besides the files: the edit form is at most 2 MB (app/editing/documents/edit-form.server.ts). */
const MAX_FIELDS_BYTES = 2 * 1024 * 1024;
/** One part's headers. */
const MAX_PART_HEADER_BYTES = 16 * 1024;

export const TOO_LARGE_FIELD_PREFIX = '_too_large.';

export const config = {
  path: ['/admin/content/api/upload', '/admin/content/api/field-image'],
  method: ['POST'],
  // If this fails, the request goes on as it came: Netlify's own limit then answers, as it would without this.
  onError: 'bypass',
};

type EdgeContext = { next: (request?: Request) => Promise<Response> };

const encoder = new TextEncoder();

/** A form with a file is multipart/form-data: binary, so base64-encoded on its way to a function. */
function countedRequestBytes(request: Request, bodyBytes: number): number {
  let headers = 0;
  request.headers.forEach((value, name) => (headers += name.length + value.length + 4));
  return Math.ceil(bodyBytes / 3) * 4 + headers;
}

function boundaryOf(contentType: string | null): string | null {
  const [type = '', ...params] = (contentType ?? '').split(';');
  if (type.trim().toLowerCase() !== 'multipart/form-data') return null;
  for (const param of params) {
    const match = /^\s*boundary=(?:"([^"]{1,70})"|([^\s;]{1,70}))\s*$/i.exec(param);
    if (match) return match[1] ?? match[2] ?? null;
  }
  return null;
}

/** Boyer–Moore–Horspool: where `needle` starts in `hay` at or after `from`, or -1. */
function search(hay: Uint8Array, needle: Uint8Array, skip: Uint32Array, from: number): number {
  const last = needle.length - 1;
  let at = from;
  while (at + last < hay.length) {
    let i = last;
    while (i >= 0 && hay[at + i] === needle[i]) i--;
    if (i < 0) return at;
    at += skip[hay[at + last]!]!;
  }
  return -1;
}

function skipTable(needle: Uint8Array): Uint32Array {
  const skip = new Uint32Array(256).fill(needle.length);
  for (let i = 0; i < needle.length - 1; i++) skip[needle[i]!] = needle.length - 1 - i;
  return skip;
}

function concat(a: Uint8Array, b: Uint8Array): Uint8Array {
  const out = new Uint8Array(a.length + b.length);
  out.set(a, 0);
  out.set(b, a.length);
  return out;
}

type PartHead = { name: string; fileName: string | null; type: string | null };

function parseHead(bytes: Uint8Array): PartHead | null {
  const text = new TextDecoder().decode(bytes);
  let name: string | null = null;
  let fileName: string | null = null;
  let type: string | null = null;
  for (const line of text.split('\r\n')) {
    const colon = line.indexOf(':');
    if (colon < 0) continue;
    const header = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    if (header === 'content-type') type = value;
    if (header !== 'content-disposition') continue;
    name = /(?:^|;)\s*name="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1] ?? null;
    fileName = /(?:^|;)\s*filename="((?:[^"\\]|\\.)*)"/i.exec(value)?.[1] ?? null;
  }
  return name === null ? null : { name, fileName, type };
}

export type ReducedForm = { fields: [string, string][]; files: { name: string; fileName: string; bytes: number }[] };

/**
 * Reads a multipart body to its end, keeping its text fields and the size of
 * each file part, never a file's bytes. Null when it is not a well-formed
 * form or its fields are over MAX_FIELDS_BYTES.
 */
export async function readWithoutFiles(body: ReadableStream<Uint8Array>, boundary: string): Promise<ReducedForm | null> {
  const delimiter = encoder.encode(`\r\n--${boundary}`);
  const skip = skipTable(delimiter);
  const blankLine = encoder.encode('\r\n\r\n');
  const blankSkip = skipTable(blankLine);
  const reader = body.getReader();
  const form: ReducedForm = { fields: [], files: [] };
  // The body starts with the boundary itself; a CRLF in front makes every boundary the same delimiter.
  let buffer: Uint8Array = encoder.encode('\r\n');
  let state: 'preamble' | 'after-delimiter' | 'head' | 'content' | 'done' = 'preamble';
  let part: PartHead | null = null;
  let fileBytes = 0;
  let text: Uint8Array[] = [];
  let fieldsBytes = 0;
  let ended = false;

  const more = async (): Promise<boolean> => {
    if (ended) return false;
    const { done, value } = await reader.read();
    if (done) {
      ended = true;
      return false;
    }
    buffer = buffer.length ? concat(buffer, value) : value;
    return true;
  };

  try {
    for (;;) {
      if (state === 'done') {
        // The epilogue: read to the end, so the client's upload completes before the answer.
        while (await more()) buffer = new Uint8Array(0);
        return form;
      }
      if (state === 'preamble' || state === 'content') {
        const at = search(buffer, delimiter, skip, 0);
        const upTo = at >= 0 ? at : Math.max(0, buffer.length - delimiter.length + 1);
        if (state === 'content' && part) {
          if (part.fileName !== null) fileBytes += upTo;
          else {
            fieldsBytes += upTo;
            if (fieldsBytes > MAX_FIELDS_BYTES) return null;
            text.push(buffer.slice(0, upTo));
          }
        }
        buffer = buffer.subarray(at >= 0 ? at + delimiter.length : upTo);
        if (at >= 0) {
          if (state === 'content' && part) {
            if (part.fileName !== null) form.files.push({ name: part.name, fileName: part.fileName, bytes: fileBytes });
            else {
              const value = new TextDecoder().decode(text.length === 1 ? text[0] : text.reduce(concat, new Uint8Array(0)));
              form.fields.push([part.name, value]);
            }
          }
          state = 'after-delimiter';
          continue;
        }
        if (!(await more())) return null;
        continue;
      }
      if (state === 'after-delimiter') {
        if (buffer.length < 2) {
          if (!(await more())) return null;
          continue;
        }
        if (buffer[0] === 0x2d && buffer[1] === 0x2d) state = 'done';
        else if (buffer[0] === 0x0d && buffer[1] === 0x0a) state = 'head';
        else return null;
        buffer = buffer.subarray(2);
        continue;
      }
      // state === 'head'
      const end = search(buffer, blankLine, blankSkip, 0);
      if (end < 0) {
        if (buffer.length > MAX_PART_HEADER_BYTES || !(await more())) return null;
        continue;
      }
      part = parseHead(buffer.subarray(0, end));
      if (!part) return null;
      buffer = buffer.subarray(end + blankLine.length);
      fileBytes = 0;
      text = [];
      state = 'content';
    }
  } finally {
    reader.releaseLock();
  }
}

/** The same sentence and status as the site's own refusal (app/http/origin.server.ts). */
function foreignPage(): Response {
  return new Response('This form must be sent from this site.', {
    status: 403,
    headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
  });
}

type Env = { get: (name: string) => string | undefined };

/** SITE_URL, read as Netlify's runtime gives it to an edge function, or as Node does under the local server. */
function siteUrlSetting(): string | undefined {
  const runtime = globalThis as { Netlify?: { env?: Env }; process?: { env?: Record<string, string | undefined> } };
  try {
    return runtime.Netlify?.env?.get('SITE_URL') ?? runtime.process?.env?.SITE_URL;
  } catch {
    return undefined;
  }
}

/**
 * Whether the POST comes from a page of this site: its Origin is the
 * request's own origin, or SITE_URL's (behind a TLS proxy). A missing or
 * `null` Origin is a stranger's: every browser sends one with a form POST.
 */
export function fromThisSite(request: Request): boolean {
  const origin = request.headers.get('origin');
  if (!origin || origin === 'null') return false;
  let given: string;
  try {
    given = new URL(origin).origin;
  } catch {
    return false;
  }
  if (given === new URL(request.url).origin) return true;
  const site = siteUrlSetting()?.trim();
  if (!site) return false;
  try {
    return given === new URL(site).origin;
  } catch {
    return false;
  }
}

/** The owner's session cookie (app/access/owner-session.server.ts: OWNER_COOKIE; a unit test keeps them equal). */
export const OWNER_COOKIE_NAME = 'portfolio_owner';

/** Whether the request carries an owner's session cookie with a value, live or not. */
export function carriesOwnerCookie(request: Request): boolean {
  return (request.headers.get('cookie') ?? '').split(';').some((pair) => {
    const [name = '', ...value] = pair.split('=');
    return name.trim() === OWNER_COOKIE_NAME && value.join('=').trim() !== '';
  });
}

/** Where the route sends a POST without a session. */
function signInFirst(): Response {
  return new Response(null, {
    status: 303,
    headers: { location: '/admin/sign-in', 'cache-control': 'private, no-store', 'x-robots-tag': 'noindex' },
  });
}

/** A file part the browser sent with a file in it (an empty file input is sent too, with no name and no bytes). */
const chosen = (file: { fileName: string; bytes: number }) => file.fileName !== '' || file.bytes > 0;

function oneFilePage(): Response {
  return new Response(
    '<!doctype html><meta charset="utf-8"><title>One file at a time</title><p>Only one file can be sent at a time. Go back, choose one file, and try again.</p>',
    { status: 400, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } },
  );
}

function tooLargePage(): Response {
  return new Response(
    '<!doctype html><meta charset="utf-8"><title>Too large to send</title><p>This is too large to send in one go. Go back, choose a smaller file (under 4 MB), and try again.</p>',
    { status: 413, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store', 'x-robots-tag': 'noindex' } },
  );
}

export default async function oversizedUpload(request: Request, context: EdgeContext): Promise<Response | undefined> {
  if (request.method !== 'POST') return undefined;
  // Nothing of the body is read for a stranger.
  if (!fromThisSite(request)) return foreignPage();
  if (!carriesOwnerCookie(request)) return signInFirst();
  if (!request.body) return undefined;
  const declared = Number(request.headers.get('content-length'));
  // Within the limit (or of unknown length, which the platform judges itself): on to the function, untouched.
  if (!Number.isSafeInteger(declared) || countedRequestBytes(request, declared) <= FUNCTION_PAYLOAD_BYTES) return undefined;
  const boundary = boundaryOf(request.headers.get('content-type'));
  if (!boundary) return tooLargePage();
  const reduced = await readWithoutFiles(request.body, boundary);
  if (!reduced) return tooLargePage();
  if (reduced.files.filter(chosen).length > 1) return oneFilePage();
  const form = new FormData();
  for (const [name, value] of reduced.fields) form.append(name, value);
  for (const file of reduced.files) if (file.bytes > 0) form.append(`${TOO_LARGE_FIELD_PREFIX}${file.name}`, String(file.bytes));
  const headers = new Headers(request.headers);
  for (const name of ['content-length', 'content-type', 'transfer-encoding']) headers.delete(name);
  return context.next(new Request(request.url, { method: 'POST', headers, body: form }));
}
