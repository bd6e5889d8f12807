import { describe, expect, it } from 'vitest';
import { withinPlatformLimits } from '../../scripts/platform-limits';
import { countedBytes, FUNCTION_PAYLOAD_BYTES, travelsAsBase64 } from '~/http/platform-limits';
import { OWNER_COOKIE } from '~/access/owner-session.server';
import oversizedUpload, {
  FUNCTION_PAYLOAD_BYTES as EDGE_PAYLOAD_BYTES,
  OWNER_COOKIE_NAME,
  readWithoutFiles,
  TOO_LARGE_FIELD_PREFIX,
} from '../../netlify/edge-functions/oversized-upload';

/**
 * The platform-limits mode (scripts/platform-limits.ts) as Netlify's own
 * limits on a function: 6 MB of request as Netlify counts it (a binary body
 * base64-encoded), 6 MB of answer, 60 s; and the edge function that answers
 * an oversized upload in our words instead.
 */

const MB = 1024 * 1024;

function harness(answer: (request: Request) => Promise<Response> | Response = () => new Response('ok'), timeMs?: number) {
  const logged: string[] = [];
  let calls = 0;
  const handler = withinPlatformLimits(
    async (request: Request) => {
      calls++;
      return answer(request);
    },
    { name: 'server', log: (line) => logged.push(line), ...(timeMs ? { timeMs } : {}) },
  );
  return { handler, logged, calls: () => calls };
}

/** An upload as the editor's page sends it (Origin: the site's own, her session's cookie), or with the given Origin and cookie (null: none). */
const post = (
  body: BodyInit,
  type: string,
  length?: number,
  origin: string | null = 'http://localhost',
  cookie: string | null = 'portfolio_owner=a-session',
) =>
  new Request('http://localhost/admin/content/api/upload', {
    method: 'POST',
    body,
    headers: {
      'content-type': type,
      ...(length === undefined ? {} : { 'content-length': String(length) }),
      ...(origin === null ? {} : { origin }),
      ...(cookie === null ? {} : { cookie }),
    },
    duplex: 'half',
  } as RequestInit);

/** A 20 MB body that counts how many of its 1 MB chunks were pulled (highWaterMark 0: none until someone reads). */
function countedStream() {
  let pulled = 0;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (++pulled > 20) controller.close();
        else controller.enqueue(new Uint8Array(MB));
      },
    },
    { highWaterMark: 0 },
  );
  return { stream, pulls: () => pulled };
}

describe('what Netlify counts', () => {
  it('a form with a file, an image or an untyped body travels base64-encoded; JSON and text do not', () => {
    expect(travelsAsBase64('multipart/form-data; boundary=x')).toBe(true);
    expect(travelsAsBase64('image/jpeg')).toBe(true);
    expect(travelsAsBase64(null)).toBe(true);
    expect(travelsAsBase64('application/json; charset=utf-8')).toBe(false);
    expect(travelsAsBase64('application/x-www-form-urlencoded')).toBe(false);
    expect(travelsAsBase64('text/html')).toBe(false);
    expect(countedBytes(3, 'image/png')).toBe(4);
    expect(countedBytes(3, 'text/plain')).toBe(3);
  });

  it('the edge function holds the same limit as the site', () => {
    expect(EDGE_PAYLOAD_BYTES).toBe(FUNCTION_PAYLOAD_BYTES);
  });
});

describe('the platform-limits mode', () => {
  it('refuses a 7 MB request with 413, as Netlify does, never running the function, and says why in the log', async () => {
    const { handler, logged, calls } = harness();
    const body = new Uint8Array(7 * MB);
    const answer = await handler(post(body, 'application/json', body.length));
    expect(answer.status).toBe(413);
    expect(calls()).toBe(0);
    expect(logged).toHaveLength(1);
    expect(logged[0]).toMatch(
      /^Platform limits: refused POST \/admin\/content\/api\/upload \(the server function\): the request is 7\.0 MB, over the 6\.0 MB .* Netlify would answer 413/,
    );
  });

  it('counts a binary body as base64: a 4.6 MB file upload is over, a 4.4 MB one is not', async () => {
    const { handler, logged } = harness();
    const over = new Uint8Array(4.6 * MB);
    expect((await handler(post(over, 'multipart/form-data; boundary=x', over.length))).status).toBe(413);
    expect(logged[0]).toMatch(/base64-encoded as Netlify sends multipart\/form-data/);
    const under = new Uint8Array(4.4 * MB);
    expect((await handler(post(under, 'multipart/form-data; boundary=x', under.length))).status).toBe(200);
  });

  it('counts a body of unknown length as it arrives', async () => {
    const { handler } = harness();
    const chunk = new Uint8Array(MB);
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent++ < 7) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const request = new Request('http://localhost/x', {
      method: 'POST',
      body: stream,
      headers: { 'content-type': 'application/json' },
      duplex: 'half',
    } as RequestInit);
    expect((await handler(request)).status).toBe(413);
  });

  it('drops an answer over 6 MB with 502, as Netlify does', async () => {
    const { handler, logged } = harness(() => new Response('x'.repeat(6 * MB + 1), { headers: { 'content-type': 'text/html' } }));
    const answer = await handler(new Request('http://localhost/history'));
    expect(answer.status).toBe(502);
    expect(logged[0]).toMatch(/dropped the answer to GET \/history .* Netlify would answer 502/);
  });

  it('passes an answer within the limit untouched', async () => {
    const { handler } = harness(() => new Response('fine', { status: 201, headers: { 'x-kept': 'yes' } }));
    const answer = await handler(new Request('http://localhost/'));
    expect([answer.status, answer.headers.get('x-kept'), await answer.text()]).toEqual([201, 'yes', 'fine']);
  });

  it('cuts a call at its time limit with 502', async () => {
    const { handler, logged } = harness(() => new Promise<Response>(() => undefined), 50);
    const answer = await handler(new Request('http://localhost/slow'));
    expect(answer.status).toBe(502);
    expect(logged[0]).toMatch(/cut GET \/slow .* Netlify stops a function at 60 s and answers 502/);
  });
});

function multipart(boundary: string, parts: { name: string; value: string | Uint8Array; fileName?: string }[]): Uint8Array<ArrayBuffer> {
  const chunks: Uint8Array[] = [];
  const text = (value: string) => chunks.push(new TextEncoder().encode(value));
  for (const part of parts) {
    text(
      `--${boundary}\r\nContent-Disposition: form-data; name="${part.name}"${part.fileName !== undefined ? `; filename="${part.fileName}"\r\nContent-Type: image/jpeg` : ''}\r\n\r\n`,
    );
    if (typeof part.value === 'string') text(part.value);
    else chunks.push(part.value);
    text('\r\n');
  }
  text(`--${boundary}--\r\n`);
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

describe('the oversized-upload edge function', () => {
  const boundary = '----formboundaryX7';
  // A file whose bytes hold the boundary's start, and CRLFs: only the whole delimiter ends a part.
  const file = new Uint8Array(7 * MB).map((_, i) => (i % 1000 === 0 ? 0x0d : i % 1000 === 1 ? 0x0a : i % 1000 === 2 ? 0x2d : 7));
  const body = multipart(boundary, [
    { name: '_path', value: 'content/site.yml' },
    { name: 'bio', value: 'Typed – kept, with “quotes” and\r\nlines' },
    { name: '_image.photos.profile', value: file, fileName: 'IMG_0001.JPG' },
    { name: 'intent', value: 'image:photos.profile' },
  ]);

  it('reads the form to its end, keeping every field and only the size of the file', async () => {
    const reduced = await readWithoutFiles(new Blob([body]).stream(), boundary);
    expect(reduced).toEqual({
      fields: [
        ['_path', 'content/site.yml'],
        ['bio', 'Typed – kept, with “quotes” and\r\nlines'],
        ['intent', 'image:photos.profile'],
      ],
      files: [{ name: '_image.photos.profile', fileName: 'IMG_0001.JPG', bytes: file.length }],
    });
  });

  it('passes the form on without the file and with its size; lets a request within the limit through untouched', async () => {
    let passed: FormData | undefined;
    const next = async (request?: Request) => {
      passed = await request!.formData();
      return new Response('route');
    };
    const type = `multipart/form-data; boundary=${boundary}`;
    const answer = await oversizedUpload(post(body, type, body.length), { next });
    expect(await answer!.text()).toBe('route');
    expect(passed!.get('bio')).toBe('Typed – kept, with “quotes” and\r\nlines');
    expect(passed!.get(`${TOO_LARGE_FIELD_PREFIX}_image.photos.profile`)).toBe(String(file.length));
    expect(passed!.get('_image.photos.profile')).toBeNull();

    const small = multipart(boundary, [{ name: 'file', value: new Uint8Array(1000), fileName: 'a.jpg' }]);
    expect(await oversizedUpload(post(small, type, small.length), { next })).toBeUndefined();
  });

  it('refuses a POST from another site, or with no Origin, before it reads a byte of the body', async () => {
    for (const origin of ['http://evil.example', 'null', 'http://localhost.evil.example', null]) {
      const { stream, pulls } = countedStream();
      const type = `multipart/form-data; boundary=${boundary}`;
      const answer = await oversizedUpload(post(stream, type, 20 * MB, origin), { next: async () => new Response('route') });
      expect(answer?.status, String(origin)).toBe(403);
      expect(await answer!.text()).toBe('This form must be sent from this site.');
      expect(pulls(), String(origin)).toBe(0);
    }
  });

  it('sends a POST with this site’s Origin but no owner’s session cookie to sign-in, before it reads a byte of the body', async () => {
    expect(OWNER_COOKIE_NAME).toBe(OWNER_COOKIE);
    for (const cookie of [null, '', 'portfolio_owner=', 'other=1; portfolio_owner_x=2', 'xportfolio_owner=3']) {
      const { stream, pulls } = countedStream();
      const type = `multipart/form-data; boundary=${boundary}`;
      const answer = await oversizedUpload(post(stream, type, 20 * MB, 'http://localhost', cookie), {
        next: async () => new Response('route'),
      });
      expect(answer?.status, String(cookie)).toBe(303);
      expect(answer!.headers.get('location')).toBe('/admin/sign-in');
      expect(pulls(), String(cookie)).toBe(0);
    }
    const small = multipart(boundary, [{ name: 'file', value: new Uint8Array(1000), fileName: 'a.jpg' }]);
    const type = `multipart/form-data; boundary=${boundary}`;
    const untouched = await oversizedUpload(post(small, type, small.length, 'http://localhost', 'a=1; portfolio_owner=s'), {
      next: async () => new Response('route'),
    });
    expect(untouched).toBeUndefined();
  });

  it('refuses a second file in one upload; an empty file input beside the chosen file is no second file', async () => {
    const type = `multipart/form-data; boundary=${boundary}`;
    const two = multipart(boundary, [
      { name: 'document', value: 'content/case-studies/x.mdx' },
      { name: 'file', value: file, fileName: 'a.jpg' },
      { name: 'file', value: new Uint8Array(10), fileName: 'b.jpg' },
    ]);
    const refused = await oversizedUpload(post(two, type, two.length), { next: async () => new Response('route') });
    expect(refused!.status).toBe(400);
    expect(await refused!.text()).toMatch(/one file/);
    const withEmptyInput = multipart(boundary, [
      { name: 'file', value: file, fileName: 'a.jpg' },
      { name: '_image.other', value: new Uint8Array(0), fileName: '' },
    ]);
    const passed = await oversizedUpload(post(withEmptyInput, type, withEmptyInput.length), { next: async () => new Response('route') });
    expect(await passed!.text()).toBe('route');
  });

  it('answers a body that is not a form with a plain page, never the platform’s error', async () => {
    const big = new Uint8Array(7 * MB);
    const answer = await oversizedUpload(post(big, 'application/octet-stream', big.length), { next: async () => new Response('route') });
    expect(answer!.status).toBe(413);
    expect(await answer!.text()).toMatch(/choose a smaller file/);
  });
});
