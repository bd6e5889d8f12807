import { spawn } from 'node:child_process';
import path from 'node:path';
import { context } from 'esbuild';
import { watchEditorBundle } from './editor-bundle';
import { watchIslandsBundle } from './islands-bundle';
import { devDatabase } from './local-database';
import { serverBundle } from './server-bundle';

/**
 * `npm run dev`: remix dev with our own server (scripts/serve.ts), which remix
 * dev restarts after each edit to app/ (code). Content is the server's own
 * business: it compiles content/ when it starts and again, in its own process,
 * after each change, by hand or published from the editor, without a restart
 * (scripts/dev-content.ts); while the content has a mistake, it prints it and
 * answers every request with a page that names the file, the field and the
 * line, and reloads itself once the file is fixed.
 *
 * Everything it builds goes under DEV_BUILD_DIR (remix.config.js, serve.ts),
 * never build/ or public/build/, which stay the last production build: `npm
 * run serve` after `npm run dev` serves that, not a development build.
 *
 * remix dev ends the server with SIGKILL at every restart, so the embedded
 * database runs here, once for the whole session, and each server it starts
 * finds it through NETLIFY_DB_URL (and migrates it).
 */
process.env.DEV_BUILD_DIR ||= '.cache/dev-build';
// The body editor's dev bundle is named in a manifest of its own, so the production one stays as built.
process.env.EDITOR_BUNDLE_MANIFEST ||= path.join(process.env.DEV_BUILD_DIR, 'editor-bundle.json');
// The same for the public pages' islands.
process.env.ISLANDS_MANIFEST ||= path.join(process.env.DEV_BUILD_DIR, 'islands.json');
const database = await devDatabase();
// The server runs bundled (.cache/dev-server/serve.mjs, rebuilt here when
// scripts/ or pipeline/ change), as one node process with no child process
// of its own once started: remix dev kills the server's whole process tree at
// each restart and ends the session when any of it is still alive 2 s later.
// It reaps its own child at once, but an orphaned grandchild (tsx's or
// esbuild's helper process) waits for init, which here takes about 2 s.
const bundle = await context(serverBundle('.cache/dev-server'));
await bundle.rebuild();
await bundle.watch();
// The body editor is built apart from Remix's build (scripts/editor-bundle.ts), here watched too.
const editorBundle = await watchEditorBundle();
// The public pages' islands too (scripts/islands-bundle.ts).
const islandsBundle = await watchIslandsBundle();
// REMIX_DEV_SOCKET_PORT picks the port of remix dev's reload socket (by default
// the first free one from 3001, probed: two sessions started at once can both
// pick 3001, and one fails).
const socketPort = process.env.REMIX_DEV_SOCKET_PORT ? ['--port', process.env.REMIX_DEV_SOCKET_PORT] : [];
const child = spawn('npx', ['remix', 'dev', ...socketPort, '-c', 'node .cache/dev-server/serve.mjs'], {
  stdio: 'inherit',
  env: { ...process.env, ...database?.env },
});
void database?.start();

// One signal often arrives several times (from the terminal or process group,
// and relayed by npm and tsx): the first one stops everything, the rest wait
// for that, which is bounded (scripts/local-database.ts).
let exiting = false;
async function exit(code: number) {
  if (exiting) return;
  exiting = true;
  await bundle.dispose();
  await editorBundle.dispose();
  await islandsBundle.dispose();
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
