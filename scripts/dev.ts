import { spawn } from 'node:child_process';

/**
 * `npm run dev`: remix dev with our own server (scripts/serve.ts), which remix
 * dev restarts after each edit to app/ or content/. The server compiles the
 * content each time it starts; while the content has a mistake, it prints it
 * and answers every request with a page that names the file, the field and
 * the line, and reloads itself once the file is fixed.
 */
const child = spawn('npx', ['remix', 'dev', '-c', 'tsx scripts/serve.ts'], { stdio: 'inherit' });
child.on('exit', (code) => process.exit(code ?? 0));
