import { describe, expect, it, vi } from 'vitest';
import { readSmallForm } from '~/http/form.server';
import { readBoundedBody, readJsonBody } from '~/http/read-body.server';
import { readFunctionCall } from '~/http/function-call.server';

/**
 * The one bounded read of a request body (app/http/read-body.server.ts) and
 * what is built on it: small forms, JSON, and the calls the site's own
 * functions take. Plain Requests: no server needed.
 */

const post = (body: BodyInit | null, headers: Record<string, string> = {}) =>
  new Request('http://localhost/x', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);

/** A body that arrives in chunks with no Content-Length, counting how many chunks were pulled (none until read). */
function streamed(chunks: number, size: number) {
  let pulled = 0;
  const body = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        if (pulled === chunks) return controller.close();
        pulled++;
        controller.enqueue(new Uint8Array(size));
      },
    },
    { highWaterMark: 0 },
  );
  return { body, pulled: () => pulled };
}

describe('readBoundedBody', () => {
  it('refuses a declared Content-Length over the limit (413) before reading a byte', async () => {
    const { body, pulled } = streamed(10, 100);
    expect(await readBoundedBody(post(body, { 'content-length': '1000' }), 999)).toBe(413);
    expect(pulled()).toBe(0);
  });

  it('refuses a media type outside the list (415), after the declared size', async () => {
    const forms = new Set(['application/x-www-form-urlencoded']);
    expect(await readBoundedBody(post('{}', { 'content-type': 'application/json' }), 100, forms)).toBe(415);
    expect(
      await readBoundedBody(
        post('a=1', {
          'content-type': 'application/x-www-form-urlencoded; charset=utf-8',
        }),
        100,
        forms,
      ),
    ).toEqual(new TextEncoder().encode('a=1'));
  });

  it('stops reading a body without Content-Length as soon as it passes the limit (413)', async () => {
    const { body, pulled } = streamed(1000, 1024);
    expect(await readBoundedBody(post(body), 4 * 1024)).toBe(413);
    expect(pulled()).toBeLessThan(10);
  });

  it('gives the bytes of a body within the limit', async () => {
    expect(await readBoundedBody(post('x'.repeat(100)), 100)).toHaveLength(100);
  });
});

describe('readJsonBody', () => {
  it('JSON within the limit; 415 for another type unless any type is allowed; 400 for bad UTF-8 or bad JSON', async () => {
    expect(await readJsonBody(post('{"a":1}', { 'content-type': 'application/json' }), 100)).toEqual({ json: { a: 1 } });
    expect(await readJsonBody(post('{"a":1}', { 'content-type': 'text/plain' }), 100)).toEqual({ refused: 415 });
    expect(await readJsonBody(post('{"a":1}', { 'content-type': 'text/plain' }), 100, { anyType: true })).toEqual({ json: { a: 1 } });
    expect(
      await readJsonBody(
        post(new Uint8Array([0x22, 0xff, 0x22]), {
          'content-type': 'application/json',
        }),
        100,
      ),
    ).toEqual({ refused: 400 });
    expect(await readJsonBody(post('{', { 'content-type': 'application/json' }), 100)).toEqual({ refused: 400 });
    expect(
      await readJsonBody(
        post('[' + '1,'.repeat(100) + '1]', {
          'content-type': 'application/json',
        }),
        100,
      ),
    ).toEqual({ refused: 413 });
  });
});

describe('readSmallForm', () => {
  it('a form within the limit; 413, 415 and 400 otherwise', async () => {
    const form = await readSmallForm(
      post('name=Ada&note=hi', {
        'content-type': 'application/x-www-form-urlencoded',
      }),
      100,
    );
    expect(form instanceof FormData ? form.get('name') : form).toBe('Ada');
    expect(
      await readSmallForm(
        post('name=' + 'x'.repeat(200), {
          'content-type': 'application/x-www-form-urlencoded',
        }),
        100,
      ),
    ).toBe(413);
    expect(await readSmallForm(post('{}', { 'content-type': 'application/json' }), 100)).toBe(415);
    expect(
      await readSmallForm(
        post('--x\r\nbroken', {
          'content-type': 'multipart/form-data; boundary=x',
        }),
        100,
      ),
    ).toBe(400);
  });
});

describe('readFunctionCall', () => {
  const SECRET = 'a-bearer-secret-for-this-test-0123456789';
  const options = {
    name: 'probe',
    secret: () => SECRET,
    missingSecret: 'PROBE_SECRET is not set',
    limit: 100,
  };
  const call = (init: { method?: string; body?: string; headers?: Record<string, string> }) =>
    new Request('http://localhost/.netlify/functions/probe', {
      method: init.method ?? 'POST',
      body: init.body,
      headers: init.headers,
    });
  const json = {
    'content-type': 'application/json',
    authorization: `Bearer ${SECRET}`,
  };

  it('takes a POST with the bearer secret and JSON within the cap', async () => {
    expect(await readFunctionCall(call({ body: '{"ok":true}', headers: json }), options)).toEqual({ json: { ok: true } });
  });

  it('refuses anything else with the status and sentence the functions answer with', async () => {
    expect(await readFunctionCall(call({ method: 'GET' }), options)).toEqual({
      status: 405,
      error: 'Method not allowed.',
      headers: { allow: 'POST' },
    });
    expect(
      await readFunctionCall(
        call({
          body: '{}',
          headers: { ...json, authorization: 'Bearer wrong' },
        }),
        options,
      ),
    ).toMatchObject({ status: 401, headers: { 'www-authenticate': 'Bearer' } });
    expect(
      await readFunctionCall(
        call({
          body: '{}',
          headers: { ...json, 'content-type': 'text/plain' },
        }),
        options,
      ),
    ).toEqual({ status: 415, error: 'Content-Type must be application/json.' });
    expect(await readFunctionCall(call({ body: 'x'.repeat(101), headers: json }), options)).toEqual({
      status: 413,
      error: 'Request body too large.',
    });
    expect(await readFunctionCall(call({ body: '{', headers: json }), options)).toEqual({
      status: 400,
      error: 'Request body must be UTF-8 JSON.',
    });
  });

  it('without a secret refuses every call (401) and says in the log what to set', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      expect(
        await readFunctionCall(call({ body: '{}', headers: json }), {
          ...options,
          secret: () => undefined,
        }),
      ).toMatchObject({ status: 401 });
      expect(error).toHaveBeenCalledWith('probe: PROBE_SECRET is not set; refusing every request.');
    } finally {
      error.mockRestore();
    }
  });
});
