import http from 'node:http';

/**
 * A request sent from a chosen loopback address (127.0.0.2, 127.0.0.3, …):
 * the local server takes the client's address from the socket, as Netlify
 * does from the connection, so this is how a test plays many strangers at
 * once without leaving the machine. Each request has its own connection.
 */

export type Answer = { status: number; headers: http.IncomingHttpHeaders; text: string };

export function requestFrom(
  address: string,
  url: string,
  { method = 'GET', headers = {}, body }: { method?: string; headers?: Record<string, string>; body?: string } = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      url,
      {
        method,
        headers: { ...headers, ...(body === undefined ? {} : { 'content-length': String(Buffer.byteLength(body)) }) },
        localAddress: address,
        agent: false,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, headers: response.headers, text: Buffer.concat(chunks).toString('utf8') }),
        );
        response.on('error', reject);
      },
    );
    request.on('error', reject);
    request.end(body);
  });
}

/** A form POST, as a browser sends it from the site's own page (Origin: the server's). */
export function postFormFrom(
  address: string,
  origin: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<Answer> {
  return requestFrom(address, `${origin}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers },
    body: new URLSearchParams(fields).toString(),
  });
}

/** How many answers had each status, e.g. { 401: 10, 429: 190 }. */
export function tally(answers: { status: number }[]): Record<number, number> {
  const counts: Record<number, number> = {};
  for (const { status } of answers) counts[status] = (counts[status] ?? 0) + 1;
  return counts;
}
