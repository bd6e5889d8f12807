import { describe, expect, it } from 'vitest';
import { isLoopbackAddress, isPublicAddress, specialUseOf } from '~/outbound/public-address';
import { loopbackAllowed, resolvePublicHost } from '~/outbound/public-host.server';

/**
 * The addresses the server may connect to on the owner's behalf (her mail
 * service, her git host): public ones only, judged after the system
 * resolver has read the name, whatever notation spells a private address.
 * No network: every name here is a number the resolver reads itself, or
 * localhost.
 */

const SWITCH_OFF = {};
const SWITCH_ON = { PORTFOLIO_LOOPBACK_FOR_TESTS: 'allow' };

describe('which addresses are public', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['0.0.0.0', 'this network'],
    ['10.1.2.3', 'private'],
    ['172.16.0.1', 'private'],
    ['172.31.255.255', 'private'],
    ['192.168.1.1', 'private'],
    ['100.64.0.1', 'shared (CGNAT)'],
    ['169.254.169.254', 'link-local'],
    ['192.0.0.8', 'IETF protocol assignments'],
    ['192.0.2.1', 'documentation'],
    ['198.51.100.7', 'documentation'],
    ['203.0.113.9', 'documentation'],
    ['198.18.0.1', 'benchmarking'],
    ['198.19.255.1', 'benchmarking'],
    ['224.0.0.1', 'multicast'],
    ['240.0.0.1', 'reserved and broadcast'],
    ['255.255.255.255', 'reserved and broadcast'],
    ['::1', 'loopback'],
    ['::', 'unspecified'],
    ['::ffff:127.0.0.1', 'loopback, inside IPv6'],
    ['::ffff:7f00:1', 'loopback, inside IPv6'],
    ['::ffff:10.0.0.1', 'private, inside IPv6'],
    ['::127.0.0.1', 'loopback, inside IPv6'],
    ['64:ff9b::10.0.0.1', 'private, inside IPv6'],
    ['64:ff9b::a9fe:a9fe', 'link-local, inside IPv6'],
    ['64:ff9b:1::1', 'outside global unicast'],
    ['2002:7f00:1::1', 'loopback, inside IPv6'],
    ['2002:c0a8:101::1', 'private, inside IPv6'],
    ['2001::1', 'IETF protocol assignments (Teredo, benchmarking, ORCHID…)'],
    ['2001:2::1', 'IETF protocol assignments (Teredo, benchmarking, ORCHID…)'],
    ['2001:db8::1', 'documentation'],
    ['3fff::1', 'documentation'],
    ['fe80::1', 'link-local'],
    ['fc00::1', 'unique-local (private)'],
    ['fd12:3456::1', 'unique-local (private)'],
    ['ff02::1', 'multicast'],
    ['100::1', 'outside global unicast'],
    ['fe80::1%eth0', 'not an IP address'],
  ])('%s is %s', (address, use) => {
    expect(specialUseOf(address)).toBe(use);
    expect(isPublicAddress(address)).toBe(false);
  });

  it.each(['1.1.1.1', '8.8.8.8', '172.32.0.1', '100.128.0.1', '192.169.0.1', '2606:4700:4700::1111', '2a00:1450:4001::1'])(
    '%s is public',
    (address) => expect(specialUseOf(address)).toBeNull(),
  );

  it('loopback is this computer only: not 0.0.0.0, nor a private address, nor NAT64', () => {
    for (const address of ['127.0.0.1', '127.1.2.3', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(address), address).toBe(true);
    for (const address of ['0.0.0.0', '10.0.0.1', '::', '64:ff9b::7f00:1', '2002:7f00:1::1', '128.0.0.1'])
      expect(isLoopbackAddress(address), address).toBe(false);
  });
});

describe('a host, resolved and judged', () => {
  it.each([
    '127.0.0.1',
    '127.1',
    '2130706433',
    '0x7f.1',
    '0x7f000001',
    '0177.0.0.1',
    '0.0.0.0',
    '0',
    '[::1]',
    '::1',
    '[::ffff:127.0.0.1]',
    '[::ffff:7f00:1]',
    'localhost',
    'LOCALHOST.',
    'mail.localhost',
    '169.254.169.254',
    '0xa9.0xfe.0xa9.0xfe',
    '10.0.0.1',
    '[fd00::1]',
    '[64:ff9b::10.0.0.1]',
  ])('%s is refused', async (host) => {
    expect(await resolvePublicHost(host, SWITCH_OFF)).toMatchObject({ ok: false });
  });

  it('a public literal is taken as it is, and connected to as checked', async () => {
    expect(await resolvePublicHost('1.1.1.1', SWITCH_OFF)).toEqual({ ok: true, address: '1.1.1.1', family: 4, loopback: false });
    expect(await resolvePublicHost('[2606:4700:4700::1111]', SWITCH_OFF)).toMatchObject({ ok: true, family: 6 });
  });

  it('the tests’ switch lets loopback through, nothing else, and never on Netlify', async () => {
    expect(await resolvePublicHost('127.0.0.1', SWITCH_ON)).toMatchObject({ ok: true, loopback: true });
    expect(await resolvePublicHost('localhost', SWITCH_ON)).toMatchObject({ ok: true, address: '127.0.0.1' });
    for (const host of ['0.0.0.0', '10.0.0.1', '169.254.169.254', '[fe80::1]'])
      expect(await resolvePublicHost(host, SWITCH_ON), host).toMatchObject({ ok: false });
    expect(loopbackAllowed(SWITCH_ON)).toBe(true);
    expect(loopbackAllowed({ ...SWITCH_ON, AWS_LAMBDA_FUNCTION_NAME: 'server' })).toBe(false);
    expect(loopbackAllowed({ ...SWITCH_ON, AWS_LAMBDA_FUNCTION_NAME: 'server', NETLIFY: 'true' })).toBe(false);
    // Netlify's local runtime (netlify serve), and a local server in Netlify's mode, are this computer: the tests run the site there too.
    expect(loopbackAllowed({ ...SWITCH_ON, AWS_LAMBDA_FUNCTION_NAME: 'server', NETLIFY_LOCAL: 'true' })).toBe(true);
    expect(loopbackAllowed({ ...SWITCH_ON, NETLIFY: 'true' })).toBe(true);
    expect(await resolvePublicHost('127.0.0.1', { ...SWITCH_ON, AWS_LAMBDA_FUNCTION_NAME: 'server' })).toMatchObject({ ok: false });
  });
});
