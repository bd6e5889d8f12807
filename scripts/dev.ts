import { spawn } from 'node:child_process';
import { devDatabase } from './local-database';

/**
 * `npm run dev`: remix dev with our own server (scripts/serve.ts), which remix
 * dev restarts after each edit to app/ or content/. The server compiles the
 * content each time it starts; while the content has a mistake, it prints it
 * and answers every request with a page that names the file, the field and
 * the line, and reloads itself once the file is fixed.
 *
 * remix dev ends the server with SIGKILL at every restart, so the embedded
 * database runs here, once for the whole session, and each server it starts
 * finds it through NETLIFY_DB_URL (and migrates it).
 */
const database = await devDatabase();
const child = spawn('npx', ['remix', 'dev', '-c', 'tsx scripts/serve.ts'], { stdio: 'inherit', env: { ...process.env, ...database?.env } });
void database?.start();

// One signal often arrives several times (from the terminal or process group,
// and relayed by npm and tsx): the first one stops everything, the rest wait
// for that, which is bounded (scripts/local-database.ts).
let exiting = false;
async function exit(code: number) {
  if (exiting) return;
  exiting = true;
  await database?.stop();
  process.exit(code);
}
child.on('exit', (code) => exit(code ?? 0));
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (exiting) return;
    child.kill(signal);
    void exit(0);
  });
}
