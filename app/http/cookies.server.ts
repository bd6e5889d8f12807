/** Cookies, read and written the same way everywhere on the server. */

export function cookieValue(request: Request, name: string): string | undefined {
  for (const part of (request.headers.get('cookie') ?? '').split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return rest.join('=');
  }
  return undefined;
}

/** https as the visitor sees it: the URL itself, or the proxy's word for it (Netlify's edge, a local TLS proxy). */
export function isHttps(request: Request): boolean {
  return new URL(request.url).protocol === 'https:' || request.headers.get('x-forwarded-proto') === 'https';
}

type CookieOptions = { maxAgeS: number; sameSite: 'Strict' | 'Lax'; path?: string };

/** An HttpOnly cookie, Secure over https. */
export function setCookie(request: Request, name: string, value: string, { maxAgeS, sameSite, path = '/' }: CookieOptions): string {
  return [
    `${name}=${value}`,
    `Max-Age=${Math.max(0, Math.floor(maxAgeS))}`,
    `Path=${path}`,
    'HttpOnly',
    `SameSite=${sameSite}`,
    ...(isHttps(request) ? ['Secure'] : []),
  ].join('; ');
}

export function clearCookie(request: Request, name: string, sameSite: 'Strict' | 'Lax'): string {
  return setCookie(request, name, '', { maxAgeS: 0, sameSite });
}
