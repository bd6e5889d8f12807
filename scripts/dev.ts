import { spawn } from 'node:child_process';
import { buildContent, reportContentError } from '../pipeline/build-content';

/**
 * `npm run dev`: refuses to start on broken content (the message names the
 * file and field), then runs remix dev with our own server, which remix dev
 * restarts after each edit to app/ or content/.
 */
try {
  await buildContent();
} catch (error) {
  reportContentError(error);
  process.exit(1);
}
const child = spawn('npx', ['remix', 'dev', '-c', 'tsx scripts/serve.ts'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
