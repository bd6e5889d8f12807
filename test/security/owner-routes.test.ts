import net from 'node:net';
import { beforeAll, describe, expect, it } from 'vitest';
import { linkToken, newLinkId } from '~/access/share-link-token.server';
import { signInOwner } from '../helpers/site/owner-session';
import { useOwnerStack } from '../helpers/suite/owner-stack';
import { privateMediaFiles } from '../helpers/data/private';
import { LOG_WAIT } from '../helpers/wait';
import { only } from '../helpers/must';

/**
 * The owner's routes attacked with the tricks a router forgives and a naive
 * check does not: another case, percent-escapes, doubled slashes, another
 * scheme or a forwarded host in Origin, broken escapes. Also: share-link
 * tokens in the log, whoever prints them, and media that must follow a
 * link's scope.
 */

const ADMIN_PASSWORD = 'owner password for the routes test';

const stack = useOwnerStack(ADMIN_PASSWORD);
let owner: string;
beforeAll(async () => {
  owner = await signInOwner(stack.origin, ADMIN_PASSWORD);
});

function post(path: string, fields: Record<string, string>, headers: Record<string, string | undefined> = { origin: '' }) {
  const withOrigin = headers.origin === '' ? { ...headers, origin: stack.origin } : headers;
  return fetch(`${stack.origin}${path}`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams(fields),
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...Object.fromEntries(Object.entries(withOrigin).filter(([, v]) => v !== undefined)),
    } as Record<string, string>,
  });
}

const linkCount = async () =>
  Number(only(await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM share_links'), 'count row').n);
const createLink = { intent: 'create', label: 'From a trick', scope: 'all', days: '30' };

/** A raw request, sent byte for byte: fetch would normalise the path. */
function raw(path: string, headers: Record<string, string> = {}): Promise<{ status: number; head: string; body: string }> {
  const url = new URL(stack.origin);
  return new Promise((resolve, reject) => {
    const socket = net.connect(Number(url.port), url.hostname);
    let data = '';
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('end', () => {
      const [head = '', ...rest] = data.split('\r\n\r\n');
      resolve({ status: Number(/^HTTP\/1\.1 (\d{3})/.exec(head)?.[1]), head, body: rest.join('\r\n\r\n') });
    });
    socket.on('error', reject);
    const lines = [
      `GET ${path} HTTP/1.1`,
      `Host: ${url.host}`,
      'Connection: close',
      ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`),
    ];
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
  });
}

describe('the Origin check decides on the route Remix serves, not on the spelling of the path', () => {
  for (const path of ['/ADMIN/LINKS', '/Admin/Links', '/%61dmin/links', '/admin/%6Cinks', '/%41DMIN/links']) {
    it(`POST ${path} without Origin, signed in: 403, and no link made`, async () => {
      const before = await linkCount();
      const response = await post(path, createLink, { cookie: owner, origin: undefined });
      expect(response.status).toBe(403);
      expect(response.headers.get('cache-control')).toBe('private, no-store');
      expect(await linkCount()).toBe(before);
    });
  }

  it('the spelling the owner’s own page uses still works (a control: the check is not simply refusing everything)', async () => {
    const before = await linkCount();
    expect((await post('/admin/links', createLink, { cookie: owner, origin: stack.origin })).status).toBe(303);
    expect(await linkCount()).toBe(before + 1);
  });

  it('the whole origin is compared: another scheme, another port, or a forwarded host of the attacker’s is another site', async () => {
    const before = await linkCount();
    const { host, port } = new URL(stack.origin);
    const tricks: Record<string, string>[] = [
      { origin: stack.origin.replace('http:', 'https:') },
      { origin: `http://127.0.0.1:${Number(port) + 1}` },
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example' },
      { origin: 'http://evil.example', 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'http' },
      { origin: 'null' },
      { origin: `http://${host}.evil.example` },
    ];
    for (const headers of tricks) {
      const response = await post('/admin/links', createLink, { cookie: owner, ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    expect(await linkCount()).toBe(before);
  });

  it('the private case studies’ password: another site’s POST and a stranger’s set nothing; hers reaches the form', async () => {
    const stored = async () =>
      Number(only(await stack.db.query<{ n: number }>('SELECT count(*)::int AS n FROM private_case_study_password'), 'count row').n);
    const set = { intent: 'set', password: 'a password from a trick' };
    for (const headers of [{ origin: 'http://evil.example' }, { origin: undefined }, { origin: 'null' }]) {
      const response = await post('/admin/settings/private', set, { cookie: owner, ...headers });
      expect(response.status, JSON.stringify(headers)).toBe(403);
    }
    const stranger = await post('/admin/settings/private', set, { origin: stack.origin });
    expect([200, 409]).not.toContain(stranger.status);
    expect(await stranger.text()).not.toContain('site’s settings on Netlify');
    expect(await stored()).toBe(0);
    // The control: her own POST gets through to the form, which keeps nothing while Netlify's settings set the password.
    const hers = await post('/admin/settings/private', set, { cookie: owner, origin: stack.origin });
    expect(hers.status).toBe(409);
    const body = await hers.text();
    expect(body).toContain('site’s settings on Netlify');
    expect(body).not.toContain(set.password);
    expect(await stored()).toBe(0);
  });
});

describe('every answer under /admin is no-store and noindex, and none is an error', () => {
  const paths = [
    '/admin',
    '/admin/links',
    '/admin/messages',
    '/admin/insights',
    '/admin/insights.csv',
    '/admin/settings/private',
    '/admin/settings',
    '/admin/settings/mail',
    '/admin/settings/domain',
    '/admin/settings/time-zone',
    '/admin/sign-in',
    '/admin/sign-out',
    '/admin/sign-in/link',
    '/admin/nothing-here',
    '/ADMIN/SIGN-OUT',
    '/admin/messages/nope',
  ];
  for (const path of paths) {
    for (const [who, cookie] of [
      ['a stranger', ''],
      ['the owner', 'owner'],
    ] as const) {
      it(`GET and POST ${path} as ${who}`, async () => {
        const headers = { cookie: cookie ? owner : '' };
        for (const response of [
          await fetch(`${stack.origin}${path}`, { redirect: 'manual', headers }),
          await fetch(`${stack.origin}${path}.data`, { redirect: 'manual', headers }),
          await post(path, { intent: 'nothing' }, headers),
        ]) {
          expect(response.status, `${response.url} ${response.status}`).toBeLessThan(500);
          expect(response.headers.get('cache-control'), response.url).toBe('private, no-store');
          expect(response.headers.get('x-robots-tag'), response.url).toBe('noindex');
          await response.arrayBuffer();
        }
      });
    }
  }

  it('GET /admin/sign-out signs no one out: back to the area (303)', async () => {
    const response = await fetch(`${stack.origin}/admin/sign-out`, { redirect: 'manual', headers: { cookie: owner } });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/admin');
    expect((await fetch(`${stack.origin}/admin`, { redirect: 'manual', headers: { cookie: owner } })).status).toBe(200);
  });
});

describe('a broken percent-escape is a plain 400, never a 500 with a stack trace', () => {
  const paths = [
    '/case-study/%E0%A4%A',
    '/build/%E0%A4%A',
    '/admin/%E0%A4%A',
    '/s/%E0%A4%A',
    '/%',
    '/generated/%ZZ.png',
    '/private-media/%E0%A4%A',
  ];
  for (const path of paths) {
    for (const encoding of ['br', 'gzip', 'identity']) {
      it(`${path} with Accept-Encoding: ${encoding}`, async () => {
        const response = await raw(path, { 'Accept-Encoding': encoding });
        expect(response.status).toBe(400);
        expect(response.body).toBe('Bad Request');
      });
    }
  }
  it('and the log has no stack trace for any of them', () => {
    expect(stack.server.output()).not.toMatch(/URIError|at decodeURIComponent|Internal Server Error/);
  });
});

describe('share-link tokens never reach the log, whoever prints them', () => {
  it('Remix’s own messages for a POST to a link, a path under it and another case print /s/[token]', async () => {
    const id = newLinkId();
    await stack.db.query("INSERT INTO share_links (id, label, expires_at) VALUES ($1, 'log test', now() + interval '1 day')", [id]);
    const token = linkToken(id)!;
    const requests = [
      fetch(`${stack.origin}/s/${token}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { origin: stack.origin, 'content-type': 'application/x-www-form-urlencoded' },
        body: 'a=b',
      }),
      fetch(`${stack.origin}/s/${token}/x`, { redirect: 'manual' }),
      fetch(`${stack.origin}/S/${token}`, { redirect: 'manual' }),
      fetch(`${stack.origin}/s/${token}.data`, { redirect: 'manual' }),
      fetch(`${stack.origin}/s/${token}?_data=routes%2Fs.%24token`, { redirect: 'manual' }),
      raw(`/s%2F${token}`),
    ];
    for (const response of await Promise.all(requests)) expect(response.status).toBeLessThan(500);
    await expect.poll(() => stack.server.output(), LOG_WAIT).toContain('/s/[token]');
    expect(stack.server.output()).not.toContain(token.slice(4, 24));
  });
});

describe('media follow a link’s scope', () => {
  async function link(caseStudies: string[]) {
    const id = newLinkId();
    await stack.db.query(
      "INSERT INTO share_links (id, label, case_studies, expires_at) VALUES ($1, 'scope', $2, now() + interval '1 day')",
      [id, caseStudies],
    );
    return `portfolio_link=${linkToken(id)}`;
  }

  it('a link that opens another case study gets the same 404 as a stranger for the private story’s media; a link that opens it gets them', async () => {
    const media = await privateMediaFiles();
    expect(media.length).toBeGreaterThan(0);
    const other = await link(['blocks-demo']);
    const all = await link([]);
    const own = await link(['private-demo']);
    for (const file of media) {
      const at = `${stack.origin}/private-media/${file.name}`;
      expect((await fetch(at, { headers: { cookie: other } })).status, file.name).toBe(404);
      expect((await fetch(at)).status).toBe(404);
      expect((await fetch(at, { headers: { cookie: all } })).status).toBe(200);
      expect((await fetch(at, { headers: { cookie: own } })).status).toBe(200);
    }
  });
});
