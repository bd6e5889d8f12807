import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import os from 'node:os';
import { createRequire } from 'node:module';

export type Machine = {
  cpu: string;
  cores: number;
  memory: string;
  os: string;
  node: string;
  chromium: string;
  lighthouse: string;
  autocannon: string;
};

function read(file: string): string {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

function version(pkg: string): string {
  try {
    return (createRequire(import.meta.url)(`${pkg}/package.json`) as { version: string }).version;
  } catch {
    return 'unknown';
  }
}

export function describeMachine(chromePath: string): Machine {
  const cpuinfo = read('/proc/cpuinfo');
  const cpu = cpuinfo.match(/^model name\s*:\s*(.+)$/m)?.[1]?.trim() ?? os.cpus()[0]?.model ?? 'unknown';
  const pretty = read('/etc/os-release').match(/^PRETTY_NAME="?([^"\n]+)"?$/m)?.[1] ?? os.type();
  let chromium = 'unknown';
  try {
    // Debian's wrapper script may print noise on stderr; the version is on stdout.
    chromium = execFileSync(chromePath, ['--version'], { encoding: 'utf8', stdio: ['ignore', 'pipe', 'ignore'] }).trim();
  } catch {
    /* left as unknown */
  }
  return {
    cpu,
    cores: os.availableParallelism?.() ?? os.cpus().length,
    memory: `${(os.totalmem() / 1024 ** 3).toFixed(1)} GiB`,
    os: `${pretty} (${os.type()} ${os.release()}, ${os.arch()})`,
    node: process.version,
    chromium,
    lighthouse: version('lighthouse'),
    autocannon: version('autocannon'),
  };
}
