/**
 * Netlify puts the visitor's address in this header (overwriting any value
 * the client sent); the local server does the same in scripts/netlify-function.ts.
 * Addresses are only ever used as inputs to keyed hashes, never stored.
 */
export const CLIENT_IP_HEADER = 'x-nf-client-connection-ip';

export const clientIp = (request: Request) => request.headers.get(CLIENT_IP_HEADER)?.trim() || 'unknown';
