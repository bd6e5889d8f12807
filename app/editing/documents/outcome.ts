/**
 * What reading the branch or planning a change gives: the value, or a
 * sentence for the designer saying why there is none (never a secret).
 * One shape for both, so a route passes either on the same way.
 */
export type Outcome<T> = { ok: true; value: T } | { ok: false; error: string };
