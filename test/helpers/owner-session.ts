import { cookieOf } from './http';

/** The owner signed in over HTTP: the site's origin, her session cookie, and a POST as her browser sends one. */
export type OwnerSession = {
  origin: string;
  cookie: string;
  /** A POST with her cookie, from the site's own origin (as every POST in /admin must be), its redirect not followed. */
  post(path: string, body: BodyInit, headers?: Record<string, string>): Promise<Response>;
};

/** Signs the owner in through the sign-in form's POST; fails unless the server answers 303 with a session. */
export async function signInOverHttp(origin: string, password: string): Promise<OwnerSession> {
  const answer = await fetch(`${origin}/admin/sign-in`, {
    method: 'POST',
    redirect: 'manual',
    body: new URLSearchParams({ password }),
    headers: { origin },
  });
  if (answer.status !== 303) throw new Error(`signing in answered ${answer.status}, not 303:\n${await answer.text()}`);
  const cookie = cookieOf(answer);
  return {
    origin,
    cookie,
    post: (path, body, headers = {}) =>
      fetch(`${origin}${path}`, { method: 'POST', redirect: 'manual', body, headers: { cookie, origin, ...headers } }),
  };
}
