import type { BrowserContext, Page } from 'playwright-core';
import { cookieOf } from './http';

/** The owner signed in over HTTP: the site's origin, her session cookie, and a POST as her browser sends one. */
export type OwnerSession = {
  origin: string;
  cookie: string;
  /** A POST with her cookie, from the site's own origin (as every POST in /admin must be), its redirect not followed. */
  post(path: string, body: BodyInit, headers?: Record<string, string>): Promise<Response>;
};

/** Signs the owner in with the sign-in form's POST from the site's own Origin, as a browser without JavaScript does; her session cookie. Fails unless the server answers 303. */
export async function signInOwner(origin: string, password: string): Promise<string> {
  const answer = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ password }),
    headers: { origin },
  });
  if (answer.status !== 303) throw new Error(`signing in answered ${answer.status}, not 303:\n${await answer.text()}`);
  return cookieOf(answer);
}

/** The owner signed in (signInOwner), with a POST that carries her cookie. */
export async function signInOverHttp(origin: string, password: string): Promise<OwnerSession> {
  const cookie = await signInOwner(origin, password);
  return {
    origin,
    cookie,
    post: (path, body, headers = {}) =>
      fetch(`${origin}${path}`, { method: 'POST', redirect: 'manual', body, headers: { cookie, origin, ...headers } }),
  };
}

/**
 * The owner signed in in a browser: her session made by the sign-in form's
 * POST (signInOwner) and its cookie put in the page's context, as a browser
 * that signed in holds it. The page is left where it was: the test opens what
 * it is about. For every browser test but those of the sign-in form itself,
 * which fill it in (a page load, a render of /admin and the sign-in's limits
 * saved per test).
 */
export async function signInPage(page: Page, origin: string, password: string): Promise<void> {
  await signInBrowser(page.context(), origin, password);
}

/** signInPage for a whole context: every page of it is the owner's. */
export async function signInBrowser(context: BrowserContext, origin: string, password: string): Promise<void> {
  const pair = await signInOwner(origin, password);
  const at = pair.indexOf('=');
  await context.addCookies([{ name: pair.slice(0, at), value: pair.slice(at + 1), url: origin, httpOnly: true, sameSite: 'Lax' }]);
}
