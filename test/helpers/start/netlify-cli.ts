import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Netlify's CLI for the tests that run the site under `netlify serve`. It is
 * 1,000 packages and 350 MB that neither a designer's install nor Netlify's
 * build needs, so it is not a dependency: the tests install it once, pinned,
 * into the machine's cache (as .ci/run does for Node), outside the clone.
 * NETLIFY_CLI_BIN points at another copy.
 */
export const NETLIFY_CLI_VERSION = '27.10.2';

export function netlifyCliDir(): string {
  return path.join(process.env.XDG_CACHE_HOME || path.join(os.homedir(), '.cache'), 'portfolio-ci', `netlify-cli-${NETLIFY_CLI_VERSION}`);
}

export function netlifyCliBin(): string {
  return process.env.NETLIFY_CLI_BIN || path.join(netlifyCliDir(), 'node_modules/.bin/netlify');
}

/** Installs the pinned CLI when it is not there yet (about 90 s once; its install scripts are not needed to serve). */
export function ensureNetlifyCli(): string {
  const bin = netlifyCliBin();
  if (existsSync(bin)) return bin;
  if (process.env.NETLIFY_CLI_BIN) throw new Error(`NETLIFY_CLI_BIN names ${bin}, which does not exist.`);
  console.log(`Installing netlify-cli ${NETLIFY_CLI_VERSION} into ${netlifyCliDir()} for the netlify serve tests (once)`);
  execFileSync(
    'npm',
    [
      'install',
      '--prefix',
      netlifyCliDir(),
      '--no-save',
      '--no-package-lock',
      '--no-audit',
      '--no-fund',
      '--loglevel=error',
      `netlify-cli@${NETLIFY_CLI_VERSION}`,
    ],
    {
      stdio: 'inherit',
      timeout: 15 * 60_000,
    },
  );
  if (!existsSync(bin)) throw new Error(`netlify-cli was installed into ${netlifyCliDir()}, but ${bin} is missing.`);
  return bin;
}
