import { describe, expect, it } from 'vitest';
import { cdnMaxAgeSeconds, withPageCache } from '../../scripts/page-cache';

function countingHandler(status = 200, cdn: string | null = 'public, durable, s-maxage=60, stale-while-revalidate=600') {
  let calls = 0;
  const handler = async (request: Request) => {
    calls += 1;
    const headers = new Headers({ 'content-type': 'text/html' });
    if (cdn) headers.set('netlify-cdn-cache-control', cdn);
    return new Response(`${request.method} ${new URL(request.url).pathname} #${calls}`, { status, headers });
  };
  return { handler, calls: () => calls };
}

describe('page cache (the CDN, emulated for the Node server)', () => {
  it('reads s-maxage from Netlify-CDN-Cache-Control', () => {
    expect(cdnMaxAgeSeconds('public, durable, s-maxage=86400, stale-while-revalidate=604800')).toBe(86400);
    expect(cdnMaxAgeSeconds('public, max-age=10')).toBe(0);
    expect(cdnMaxAgeSeconds(null)).toBe(0);
  });

  it('renders a cacheable page once and serves it again until it expires', async () => {
    let time = 0;
    const { handler, calls } = countingHandler();
    const cached = withPageCache(handler, { now: () => time });
    const first = await cached(new Request('http://a.test/resume'), {});
    const second = await cached(new Request('http://b.test/resume'), {});
    expect(await second.text()).toBe(await first.text());
    expect(second.headers.get('x-cache')).toBe('HIT');
    expect(second.headers.get('content-type')).toBe('text/html');
    expect(calls()).toBe(1);
    // Compressed once, as the client accepts it.
    const zipped = await cached(new Request('http://a.test/resume', { headers: { 'accept-encoding': 'gzip, br' } }), {});
    expect(zipped.headers.get('content-encoding')).toBe('br');
    const { brotliDecompressSync } = await import('node:zlib');
    expect(brotliDecompressSync(Buffer.from(await zipped.arrayBuffer())).toString()).toBe('GET /resume #1');
    expect(calls()).toBe(1);
    time = 61_000;
    expect(await (await cached(new Request('http://a.test/resume'), {})).text()).toBe('GET /resume #2');
  });

  it('never caches a POST, an error or a page without a CDN policy', async () => {
    for (const [status, cdn, method] of [
      [200, 'public, s-maxage=60', 'POST'],
      [500, 'public, s-maxage=60', 'GET'],
      [200, null, 'GET'],
    ] as const) {
      const { handler, calls } = countingHandler(status, cdn);
      const cached = withPageCache(handler);
      await cached(new Request('http://a.test/', { method }), {});
      await cached(new Request('http://a.test/', { method }), {});
      expect(calls(), `${status} ${cdn} ${method}`).toBe(2);
    }
  });

  it('keeps a bounded number of URLs', async () => {
    const { handler, calls } = countingHandler(404, 'public, s-maxage=60');
    const cached = withPageCache(handler);
    for (let i = 0; i < 250; i++) await cached(new Request(`http://a.test/missing-${i}`), {});
    await cached(new Request('http://a.test/missing-0'), {});
    expect(calls()).toBe(251);
    await cached(new Request('http://a.test/missing-249'), {});
    expect(calls()).toBe(251);
  });

  it('purges by cache tag exactly the pages that carry it', async () => {
    let calls = 0;
    const handler = async (request: Request) => {
      calls += 1;
      const { pathname } = new URL(request.url);
      const tags = pathname === '/resume' ? 'content-site,content-resume' : 'content-cards,content-site';
      return new Response(`${pathname} #${calls}`, {
        headers: { 'netlify-cdn-cache-control': 'public, s-maxage=600', 'netlify-cache-tag': tags },
      });
    };
    const cached = withPageCache(handler);
    await cached(new Request('http://a.test/resume'), {});
    await cached(new Request('http://a.test/'), {});
    expect(cached.purge(['Content-Resume'])).toBe(1);
    expect((await cached(new Request('http://a.test/'), {})).headers.get('x-cache')).toBe('HIT');
    expect(await (await cached(new Request('http://a.test/resume'), {})).text()).toBe('/resume #3');
    expect(cached.purge(['content-site'])).toBe(2);
    expect(cached.purge(['content-other'])).toBe(0);
  });
});
