import http from 'node:http';

/**
 * Requests from a chosen loopback address. On Linux all of 127.0.0.0/8 is
 * loopback, and the local server takes the client's address from the socket
 * (scripts/netlify-function.ts), so one test process can play many clients,
 * each its own address, as distinct visitors behind distinct IPs would be.
 * Answers are WHATWG Responses, like fetch's. Only ever 127.x addresses.
 */

const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });

export type FromInit = { method?: string; headers?: Record<string, string>; body?: string | Uint8Array };

export function fetchFrom(localAddress: string, url: string, { method = 'GET', headers = {}, body }: FromInit = {}): Promise<Response> {
  if (!localAddress.startsWith('127.')) throw new Error(`fetchFrom: only loopback addresses (got ${localAddress})`);
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, headers, agent, localAddress }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('error', reject);
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        const out = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const item of [value ?? []].flat()) out.append(name, item);
        }
        // A 204 or 304 cannot carry a body in a WHATWG Response.
        const nullBody = status === 204 || status === 304;
        resolve(new Response(nullBody ? null : Buffer.concat(chunks), { status, headers: out }));
      });
    });
    request.on('error', reject);
    request.end(body === undefined ? undefined : Buffer.from(body));
  });
}

/** The n-th address of a block of test addresses: 127.<block>.<n / 250>.<n % 250 + 2>. */
export const loopbackAddress = (block: number, n: number) => `127.${block}.${Math.floor(n / 250)}.${(n % 250) + 2}`;
