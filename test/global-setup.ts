import { execFileSync } from 'node:child_process';

/** One production build for the whole run (skip with SKIP_BUILD=1 when iterating). */
export default function setup() {
  if (process.env.SKIP_BUILD === '1') return;
  execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
}
