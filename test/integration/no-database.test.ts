import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIXTURE_CONTENT_JSON } from '../helpers/data/fixture-site';
import { startServer, type RunningServer } from '../helpers/start/server';

/**
 * A deploy without a database at all (Netlify Database not turned on): the
 * public site works, and the owner's area says what is missing and how to
 * get it, not "try again in a minute", which would never help.
 */

let server: RunningServer;

beforeAll(async () => {
  server = await startServer({
    ADMIN_PASSWORD: 'no database password',
    CONTENT_JSON_PATH: FIXTURE_CONTENT_JSON,
    PORTFOLIO_DB: 'off',
    NETLIFY_DB_URL: '',
  });
});
afterAll(async () => {
  await server?.stop();
});

const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;|&#39;|’/g, "'")
    .replace(/\s+/g, ' ');

describe('without a database', () => {
  it('serves the public pages', async () => {
    expect((await fetch(`${server.url}/`)).status).toBe(200);
  });

  it.each(['/admin/sign-in', '/admin'])('GET %s: a 503 that says the database is missing and how to add it', async (path) => {
    const response = await fetch(`${server.url}${path}`, { redirect: 'manual' });
    expect(response.status).toBe(503);
    const page = text(await response.text());
    expect(page).toContain("The owner's area needs its database");
    expect(page).toContain('turn on Netlify Database');
    expect(page).not.toContain('Try again in a minute');
  });

  it('a sign-in with the right password gets the same answer, not a session', async () => {
    const response = await fetch(`${server.url}/admin/sign-in`, {
      method: 'POST',
      redirect: 'manual',
      body: new URLSearchParams({ password: 'no database password' }),
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: server.url },
    });
    expect(response.status).toBe(503);
    expect(response.headers.get('set-cookie')).toBeNull();
    expect(text(await response.text())).toContain("The owner's area needs its database");
  });
});
