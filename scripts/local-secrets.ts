import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the local server (npm start, npm run dev) makes for itself when the
 * environment has none, kept in one file so they survive restarts:
 * SESSION_SECRET, which signs private case-study unlocks and keys the hashed
 * rate-limit keys, and DATABASE_PASSWORD, which the embedded engine
 * requires. The file is created with mode 0600 under .netlify/
 * (gitignored); PORTFOLIO_SECRETS_FILE moves it (the tests do).
 */
export const LOCAL_SECRETS_FILE = '.netlify/local-secrets.json';

type Secrets = Record<string, string>;

function read(file: string): Secrets | undefined {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
  const parsed: unknown = JSON.parse(text);
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error(`${file} is not a JSON object`);
  return parsed as Secrets;
}

/** Writes the whole file through a private temporary one; `exclusive` fails with EEXIST if it appeared meanwhile. */
function write(file: string, secrets: Secrets, exclusive: boolean): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(temporary, `${JSON.stringify(secrets, null, 2)}\n`, { mode: 0o600, flag: 'wx' });
  try {
    if (exclusive) linkSync(temporary, file);
    else renameSync(temporary, file);
  } finally {
    rmSync(temporary, { force: true });
  }
}

/**
 * `name` from the file, else a new random one written there (32 bytes,
 * base64url). Returns it and where it came from; 'per-process' when the
 * file could not be used (then it ends with the process).
 */
function ensureSecret(name: string, file: string): { value: string; source: 'loaded' | 'created' | 'per-process' } {
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const secrets = read(file);
      if (typeof secrets?.[name] === 'string' && secrets[name].length >= 32) {
        chmodSync(file, 0o600);
        return { value: secrets[name], source: 'loaded' };
      }
      const value = randomBytes(32).toString('base64url');
      const created = { ...secrets, [name]: value };
      try {
        // A new file is created exclusively; an existing one is replaced whole (rename), keeping its other secrets.
        write(file, created, secrets === undefined);
      } catch (error) {
        // Another server created the file first: use what it wrote.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      return { value, source: 'created' };
    }
    throw new Error('it kept changing while being read');
  } catch (error) {
    console.warn(
      `Local secrets: cannot use ${file} (${error instanceof Error ? error.message : String(error)}); generating a ${name} for this process.`,
    );
    return { value: randomBytes(32).toString('base64url'), source: 'per-process' };
  }
}

const secretsFile = () => process.env.PORTFOLIO_SECRETS_FILE?.trim() || LOCAL_SECRETS_FILE;

/**
 * SESSION_SECRET from the environment, else from the file, else a new one
 * written there. Returns where it came from; 'per-process' when the file
 * could not be used (then unlocks end with the process, as before).
 */
export function ensureLocalSessionSecret(file = secretsFile()): 'configured' | 'loaded' | 'created' | 'per-process' {
  if (process.env.SESSION_SECRET?.trim()) return 'configured';
  const { value, source } = ensureSecret('SESSION_SECRET', file);
  process.env.SESSION_SECRET = value;
  return source;
}

/**
 * The password the embedded engine requires (scripts/embedded-db-worker.ts),
 * made on its first start and kept in the same file: without one, any
 * process on this machine could connect to its localhost port and read the
 * inbox or forge an owner's session. Never printed.
 */
export function localDatabasePassword(file = secretsFile()): string {
  return ensureSecret('DATABASE_PASSWORD', file).value;
}
