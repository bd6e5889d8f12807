import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ALL_VARIABLES, envSchema, readEnv, SETTINGS } from '~/settings/env.server';
import { ROOT } from '../helpers/data/content';

/**
 * The settings' one schema (app/settings/env.server.ts) and the places that
 * tell a person about them: .env.example and the tables in docs/deploy.md
 * name exactly its variables, and the code reads no variable it lacks.
 * Reads files only: no build needed.
 */

const names = (list: readonly { name: string }[]) => list.map((setting) => setting.name).sort();
const yours = names(SETTINGS);
const others = names(ALL_VARIABLES.filter((setting) => setting.setBy !== 'you'));

/** Every variable named in the first column of a markdown table's rows, in order of the tables in `text`. */
function tableNames(text: string): string[][] {
  const tables: string[][] = [];
  let current: string[] | null = null;
  for (const line of text.split('\n')) {
    if (!line.startsWith('|')) {
      current = null;
      continue;
    }
    if (!current) tables.push((current = []));
    const first = line.split('|')[1] ?? '';
    for (const match of first.matchAll(/`([A-Z][A-Z0-9_]+)`/g)) current.push(match[1] ?? '');
  }
  return tables.filter((table) => table.length > 0);
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return sourceFiles(file);
    return /\.(ts|tsx)$/.test(name) ? [file] : [];
  });
}

describe('the settings schema', () => {
  it('describes every variable: what it is for', () => {
    expect(Object.keys(envSchema.shape).sort()).toEqual(names(ALL_VARIABLES));
    for (const setting of ALL_VARIABLES) expect(setting.summary.length, `${setting.name}'s description`).toBeGreaterThan(15);
  });

  it('.env.example names exactly the settings you may set', () => {
    const example = readFileSync(path.join(ROOT, '.env.example'), 'utf8');
    const named = [...example.matchAll(/^#?\s*([A-Z][A-Z0-9_]+)=/gm)].map((match) => match[1] ?? '');
    expect([...new Set(named)].sort()).toEqual(yours);
  });

  it("docs/deploy.md's tables name exactly the schema's variables: yours first, then those the platform and the tests set", () => {
    const deploy = readFileSync(path.join(ROOT, 'docs/deploy.md'), 'utf8');
    const section = deploy.slice(deploy.indexOf('## Environment variables'));
    const end = section.indexOf('\n## ', 3);
    const [first, second, ...rest] = tableNames(end > 0 ? section.slice(0, end) : section);
    expect(rest, 'two tables in the section').toEqual([]);
    expect([...(first ?? [])].sort(), 'the table of settings').toEqual(yours);
    expect([...(second ?? [])].sort(), 'the table of what the site reads but you never set').toEqual(others);
  });

  it('the code reads no variable the schema lacks', () => {
    const files = [
      ...sourceFiles(path.join(ROOT, 'app')),
      ...sourceFiles(path.join(ROOT, 'netlify/functions')),
      path.join(ROOT, 'server.ts'),
    ];
    const known = new Set(names(ALL_VARIABLES));
    const unknown: string[] = [];
    for (const file of files) {
      const source = readFileSync(file, 'utf8');
      for (const match of source.matchAll(/process\.env\.([A-Z][A-Z0-9_]+)|read(?:Platform)?Env\('([A-Z][A-Z0-9_]+)'/g)) {
        const name = match[1] ?? match[2] ?? '';
        if (!known.has(name)) unknown.push(`${path.relative(ROOT, file)}: ${name}`);
      }
    }
    expect(unknown).toEqual([]);
    expect(files.length, 'the scan found the code').toBeGreaterThan(100);
  });
});

describe('readEnv', () => {
  const saved = { ...process.env };
  afterEach(() => {
    for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
    Object.assign(process.env, saved);
    vi.restoreAllMocks();
  });

  it('trims, treats blank as unset, and reads on every call', () => {
    process.env.CONTACT_TO = '  someone@example.org ';
    expect(readEnv('CONTACT_TO')).toBe('someone@example.org');
    process.env.CONTACT_TO = '   ';
    expect(readEnv('CONTACT_TO')).toBeUndefined();
    process.env.CONTACT_TO = 'other@example.org';
    expect(readEnv('CONTACT_TO')).toBe('other@example.org');
  });

  it('gives the default when unset, and the value when it fits', () => {
    expect(readEnv('CONTACT_RATE_LIMIT', {})).toBe(5);
    expect(readEnv('CONTACT_RATE_LIMIT', { CONTACT_RATE_LIMIT: '0' })).toBe(0);
    expect(readEnv('MESSAGE_RETENTION_DAYS', { MESSAGE_RETENTION_DAYS: ' 30 ' })).toBe(30);
    expect(readEnv('LIVE_STORE', { LIVE_STORE: 'off' })).toBe('off');
    expect(readEnv('PORT', {})).toBeUndefined();
  });

  it('a value that does not fit: the log names the variable, what it is for and the fix, and the default is used', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(readEnv('CONTACT_RATE_LIMIT', { CONTACT_RATE_LIMIT: 'plenty-1' })).toBe(5);
    expect(readEnv('MESSAGE_RETENTION_DAYS', { MESSAGE_RETENTION_DAYS: '0' })).toBe(365);
    expect(readEnv('LIVE_STORE', { LIVE_STORE: 'cloud-1' })).toBeUndefined();
    const lines = warn.mock.calls.map((call) => String(call[0]));
    expect(lines).toHaveLength(3);
    expect(lines[0]).toMatch(
      /^Setting CONTACT_RATE_LIMIT: "plenty-1" is not valid .*Messages per visitor.*Fix it in the environment's variables; until then 5 is used\.$/,
    );
    expect(lines[1]).toMatch(/MESSAGE_RETENTION_DAYS: "0" .*until then 365 is used/);
    expect(lines[2]).toMatch(/LIVE_STORE: "cloud-1" .*blobs.*folder.*off.*it is treated as unset/);
  });

  it('names a bad value once, not on every request', () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    for (let i = 0; i < 3; i++) readEnv('PORT', { PORT: 'eighty-once' });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it("never writes a secret's value in the log, only that it does not fit", () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    expect(ALL_VARIABLES.find((setting) => setting.name === 'NETLIFY_DB_URL')?.secret, 'NETLIFY_DB_URL is a secret').toBe(true);
    expect(readEnv('NETLIFY_DB_URL', { NETLIFY_DB_URL: 'hunter2-not-an-address' })).toBeUndefined();
    const line = String(warn.mock.calls[0]?.[0]);
    expect(line).toMatch(/^Setting NETLIFY_DB_URL: its value is not valid/);
    expect(line).not.toContain('hunter2');
  });
});
