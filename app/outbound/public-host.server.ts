import dns from 'node:dns/promises';
import net from 'node:net';
import { readEnv, type EnvSource } from '~/settings/env.server';
import { isLoopbackAddress, specialUseOf } from './public-address';

/**
 * Where the server may connect on the owner's behalf (a mail service she
 * names on /admin/settings/mail, the git host she pastes on
 * /admin/publishing): a host name or IP literal is resolved once, every
 * address it has is checked (one private address among public ones is
 * enough to refuse), and the caller connects to the address checked here,
 * never to the name again, so a DNS answer that changes in between (DNS
 * rebinding) cannot move the connection inside. Names like `127.1`,
 * `2130706433`, `0x7f.1` or `0177.0.0.1` are read by the system resolver
 * as the IPv4 address they spell, and judged as that address.
 *
 * The test suite's mail and git servers listen on this computer, so
 * PORTFOLIO_LOOPBACK_FOR_TESTS lets loopback through (any port); it is
 * honoured only off Netlify, and only the test set-up sets it: `npm start`
 * and a deploy refuse loopback like any other private address.
 */

export type PublicHost =
  | { ok: true; address: string; family: 4 | 6; loopback: boolean }
  /** `literal`: she typed an IP address (so saying it is private reveals nothing); otherwise a name that did not resolve, or resolved inside. */
  | { ok: false; literal: boolean; why: string };

/** Longest a lookup may take before the host counts as not found. */
export const LOOKUP_TIMEOUT_MS = 5_000;

/**
 * A function on Netlify for real: AWS Lambda names every one. Not `npm start`,
 * nor Netlify's local runtime, nor a local server told NETLIFY=true (the tests
 * run the site in Netlify's mode that way; the build makes no such connection).
 */
function onNetlifyForReal(env: EnvSource): boolean {
  const localRuntime = readEnv('NETLIFY_LOCAL', env) === 'true' || readEnv('NETLIFY_DEV', env) === 'true';
  return !localRuntime && Boolean(readEnv('AWS_LAMBDA_FUNCTION_NAME', env));
}

/** Whether loopback services are let through: only the tests, never on Netlify. */
export function loopbackAllowed(env: EnvSource = process.env): boolean {
  return readEnv('PORTFOLIO_LOOPBACK_FOR_TESTS', env) === 'allow' && !onNetlifyForReal(env);
}

/** `[::1]` → `::1`; a name in lower case without a trailing dot. */
export function bareHost(host: string): string {
  const trimmed = host.trim().toLowerCase();
  return (trimmed.startsWith('[') && trimmed.endsWith(']') ? trimmed.slice(1, -1) : trimmed).replace(/\.$/, '');
}

function judged(addresses: string[], literal: boolean, env: EnvSource): PublicHost {
  if (addresses.length === 0) return { ok: false, literal, why: 'no address' };
  const allowLoopback = loopbackAllowed(env);
  for (const address of addresses) {
    const use = specialUseOf(address);
    if (use && !(allowLoopback && isLoopbackAddress(address))) return { ok: false, literal, why: `${address} is ${use}` };
  }
  // IPv4 first: the one a mail service's certificate and firewall are most often set up for.
  const address = addresses.find((one) => net.isIPv4(one)) ?? addresses[0]!;
  return { ok: true, address, family: net.isIPv4(address) ? 4 : 6, loopback: isLoopbackAddress(address) };
}

/** `host` resolved and judged; never throws. */
export async function resolvePublicHost(host: string, env: EnvSource = process.env): Promise<PublicHost> {
  const name = bareHost(host);
  if (net.isIP(name)) return judged([name], true, env);
  // Never asked of DNS: the resolver answers it from /etc/hosts, and some answer it for every *.localhost.
  if (name === 'localhost' || name.endsWith('.localhost')) return judged(['127.0.0.1'], false, env);
  let timer: NodeJS.Timeout | undefined;
  try {
    const found = await Promise.race([
      dns.lookup(name, { all: true, verbatim: true }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error('lookup timed out')), LOOKUP_TIMEOUT_MS);
      }),
    ]);
    return judged(
      found.map((entry) => entry.address),
      false,
      env,
    );
  } catch {
    return { ok: false, literal: false, why: 'not found' };
  } finally {
    clearTimeout(timer);
  }
}
