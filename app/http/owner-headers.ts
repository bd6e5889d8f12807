/** On every answer under /admin: never stored by any cache, never indexed. */
export const OWNER_HEADERS = { 'Cache-Control': 'private, no-store', 'X-Robots-Tag': 'noindex' } as const;
