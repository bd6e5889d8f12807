import { randomBytes } from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * Secrets the local server (npm start, npm run dev) makes for itself when the
 * environment has none, kept in one file so they survive restarts: today
 * SESSION_SECRET, which signs private case-study unlocks and keys the hashed
 * rate-limit keys. The file is created with mode 0600 under .netlify/
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
 * SESSION_SECRET from the environment, else from the file, else a new one
 * written there. Returns where it came from; 'per-process' when the file
 * could not be used (then unlocks end with the process, as before).
 */
export function ensureLocalSessionSecret(file = process.env.PORTFOLIO_SECRETS_FILE?.trim() || LOCAL_SECRETS_FILE): 'configured' | 'loaded' | 'created' | 'per-process' {
  if (process.env.SESSION_SECRET?.trim()) return 'configured';
  try {
    for (let attempt = 0; attempt < 3; attempt++) {
      const secrets = read(file);
      if (typeof secrets?.SESSION_SECRET === 'string' && secrets.SESSION_SECRET.length >= 32) {
        chmodSync(file, 0o600);
        process.env.SESSION_SECRET = secrets.SESSION_SECRET;
        return 'loaded';
      }
      const created = { ...secrets, SESSION_SECRET: randomBytes(32).toString('base64url') };
      try {
        write(file, created, secrets === undefined);
      } catch (error) {
        // Another server created the file first: use what it wrote.
        if ((error as NodeJS.ErrnoException).code === 'EEXIST') continue;
        throw error;
      }
      process.env.SESSION_SECRET = created.SESSION_SECRET;
      return 'created';
    }
    throw new Error('it kept changing while being read');
  } catch (error) {
    console.warn(`Local secrets: cannot use ${file} (${error instanceof Error ? error.message : String(error)}); generating a SESSION_SECRET for this process.`);
    process.env.SESSION_SECRET = randomBytes(32).toString('base64url');
    return 'per-process';
  }
}
