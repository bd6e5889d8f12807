import { execFileSync } from 'node:child_process';
import { buildFixtureSite } from './helpers/fixture-site';

/**
 * One production build for the whole run (skip with SKIP_BUILD=1 when
 * iterating), then the fixture content the story and privacy tests serve.
 */
export default async function setup() {
  if (process.env.SKIP_BUILD !== '1') execFileSync('npm', ['run', 'build', '--silent'], { stdio: 'inherit' });
  await buildFixtureSite();
}
