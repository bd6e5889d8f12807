import { randomBytes } from 'node:crypto';
import { signature } from '~/access/signing.server';
import { networkOf } from '~/http/client-ip.server';
import { EVENTS_PER_VISITOR, EVENTS_WINDOW_MS, VISITORS_PER_ADDRESS } from './flush.server';
import { utcDay } from './visitor.server';

/**
 * The limits of flush.server.ts, checked quickly in this process's memory
 * before an event is buffered: a visitor over its limit gets its 429 at once,
 * and a flood of forged visitors from one address is turned away before it
 * takes room in the buffer. Only a first line: another instance has its own
 * memory, and the database, at the flush, is what holds the limits exactly.
 *
 * The address check turns a visitor away only past ADDRESS_SLACK times the
 * cap: which 30 of an address's visitors the database admitted depends on
 * the order the instances flushed in, so a process that has seen exactly 30
 * may not know the admitted ones, and would wrongly drop one of them. Past
 * four times the cap, the address is forging visitors anyway.
 *
 * Clients are keyed by an HMAC under a random key of this process, made anew
 * each UTC day, never by the address or user agent themselves. The maps are
 * bounded: past TRACKED_MAX keys they start again empty (the database still
 * holds the limits).
 */

const TRACKED_MAX = 50_000;
const ADDRESS_SLACK = 4;

type Window = { started: number; hits: number };
type PrecheckState = { day: string; key: Buffer; visitors: Map<string, Window>; addresses: Map<string, Set<string>> };
const STATE = Symbol.for('portfolio.insights-precheck');

function state(now: number): PrecheckState {
  const day = utcDay(new Date(now));
  const holder = globalThis as Record<symbol, PrecheckState | undefined>;
  const current = holder[STATE];
  if (current?.day === day && current.visitors.size < TRACKED_MAX && current.addresses.size < TRACKED_MAX) return current;
  return (holder[STATE] = { day, key: randomBytes(32), visitors: new Map(), addresses: new Map() });
}

const keyOf = (key: Buffer, ...parts: string[]) => signature(key, parts.join('\0'));

export type Precheck = { verdict: 'ok' } | { verdict: 'visitor'; retryAfterS: number } | { verdict: 'address' };

/** Counts one event of this client, or says which limit it is over. */
export function precheck(ip: string, userAgent: string, now = Date.now()): Precheck {
  const s = state(now);
  const visitorKey = keyOf(s.key, 'visitor', ip, userAgent);
  const addressKey = keyOf(s.key, 'address', networkOf(ip));
  const seen = s.addresses.get(addressKey) ?? new Set<string>();
  if (!seen.has(visitorKey)) {
    if (seen.size >= ADDRESS_SLACK * VISITORS_PER_ADDRESS) return { verdict: 'address' };
    seen.add(visitorKey);
    s.addresses.set(addressKey, seen);
  }
  let window = s.visitors.get(visitorKey);
  if (!window || now - window.started >= EVENTS_WINDOW_MS) s.visitors.set(visitorKey, (window = { started: now, hits: 0 }));
  if (window.hits >= EVENTS_PER_VISITOR)
    return { verdict: 'visitor', retryAfterS: Math.max(1, Math.ceil((window.started + EVENTS_WINDOW_MS - now) / 1000)) };
  window.hits++;
  return { verdict: 'ok' };
}
