import { stat } from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { broadcastDevReady, createRequestHandler, type ServerBuild } from '@remix-run/node';
import compression from 'compression';
import express from 'express';
import sendEmail from '../netlify/functions/send-email';
import { netlifyFunction, installLocalContactSetup } from './netlify-function';
import { platformLimitsOn, withinPlatformLimits } from './platform-limits';
import oversizedUpload, { config as oversizedUploadConfig } from '../netlify/edge-functions/oversized-upload';
import { withPageCache } from './page-cache';
import { getCaseStudyCards } from '../app/content/content.server';
import { passwordFromSettings } from '../app/access/private-access.server';
import { planLocalDatabase } from './local-database';
import { ensureLocalSessionSecret, LOCAL_SECRETS_FILE } from './local-secrets';
import { startMailQueueTimer } from './mail-queue-timer';
import { stopGracefullyOnSignals } from './shutdown';
import type { Context } from '@netlify/functions';
import { runSendEmailInProcess, settleInProcessWork } from '../app/contact/in-process-function.server';
import { CONTENT_VARIANTS_PATH, runContentCheckInProcess, runContentVariantsInProcess } from '../app/editing/content-check/config.server';
import { guardRequests } from '../app/http/request-guard.server';
import { isRetiredImageRequest, RETIRED_IMAGE_HEADERS, withCacheTags, withLiveContent } from '../app/http/live-content.server';
import { generatedRequest } from '../app/http/generated-path.server';
import { stopInsights } from '../app/insights/buffer.server';
import { routedPath } from '../app/http/origin.server';
import { redactLogs } from '../app/http/log-redaction.server';

/**
 * The Node server behind `npm start` and `npm run dev`: static files, the
 * send-email function from netlify/functions, the Remix app, and the mail
 * queue on a timer (Netlify runs it as the scheduled mail-queue function).
 */
const isDev = process.env.NODE_ENV !== 'production';
/**
 * `npm run dev` builds into a folder of its own (DEV_BUILD_DIR, set by
 * scripts/dev.ts and read by remix.config.js), never build/ or public/build/:
 * those stay the last production build, which `npm run serve` serves.
 */
const BUILD_ROOT = isDev && process.env.DEV_BUILD_DIR?.trim() ? path.resolve(process.env.DEV_BUILD_DIR.trim()) : path.resolve('.');
const BUILD_PATH = path.join(BUILD_ROOT, 'build/index.js');
const ASSETS_DIR = path.join(BUILD_ROOT, 'public/build');

async function loadBuild(): Promise<ServerBuild> {
  // A query string busts Node's ESM cache, so a dev rebuild is picked up.
  return import(`${pathToFileURL(BUILD_PATH).href}?t=${Date.now()}`);
}

/** Sends the .br/.gz twin of a fingerprinted asset (scripts/precompress.ts) when the client accepts it. */
function precompressed(root: string): express.RequestHandler {
  return async (req, res, next) => {
    const accepted = String(req.headers['accept-encoding'] ?? '');
    const encoding = /\bbr\b/.test(accepted) ? 'br' : /\bgzip\b/.test(accepted) ? 'gzip' : undefined;
    if ((req.method !== 'GET' && req.method !== 'HEAD') || !encoding) return next();
    // The path was checked to decode (the first middleware).
    const file = path.resolve(root, `.${decodeURIComponent(req.path)}`);
    if (!file.startsWith(root + path.sep)) return next();
    const twin = `${file}.${encoding === 'br' ? 'br' : 'gz'}`;
    if (!(await stat(twin).catch(() => null))?.isFile()) return next();
    res.setHeader('Content-Encoding', encoding);
    res.setHeader('Vary', 'Accept-Encoding');
    res.type(path.extname(file));
    res.sendFile(twin, { maxAge: '1y', immutable: true }, (error) => error && next(error));
  };
}

/**
 * SESSION_SECRET (private case-study unlocks, the limits' hashed keys): when
 * none is set, the one kept in .netlify/local-secrets.json, made on the first
 * start. A word when there are private case studies but no password to
 * unlock them.
 */
function announcePrivateAccess() {
  const source = ensureLocalSessionSecret();
  const locked = getCaseStudyCards().filter((card) => card.private).length;
  if (locked === 0) return;
  if (source === 'created') {
    console.log(
      `Private case studies: made a SESSION_SECRET and kept it in ${process.env.PORTFOLIO_SECRETS_FILE?.trim() || LOCAL_SECRETS_FILE} (unlocks survive restarts; set SESSION_SECRET to choose one).`,
    );
  }
  if (!passwordFromSettings()) {
    console.log(
      `Private case studies: PRIVATE_CASE_STUDY_PASSWORD is not set, so the ${locked} private case stud${locked === 1 ? 'y asks' : 'ies ask'} for the password set in /admin/private; until one is set there, ${locked === 1 ? 'its page says' : 'their pages say'} how to ask for access.`,
    );
  }
}

export async function createServer() {
  // Under npm run dev the content is compiled here, and again in this process after each change (scripts/dev-content.ts).
  const devContent = isDev ? await (await import('./dev-content')).startDevContent() : undefined;
  const build = await loadBuild();
  const app = express();
  app.disable('x-powered-by');
  if (devContent) {
    const { CONTENT_EVENTS_PATH } = await import('./dev-content');
    app.get(CONTENT_EVENTS_PATH, devContent.events);
    // While the content has a mistake, every request gets the error page, until the fix is compiled.
    app.use(devContent.errorPage);
  }
  // A broken %-escape is the client's error, whatever it asks for: a plain 400, before any file or route is looked up.
  app.use((req, res, next) => {
    if (routedPath(req.path) !== null) return next();
    res.status(400).set({ 'Cache-Control': 'no-store', 'X-Robots-Tag': 'noindex' }).type('text/plain').send('Bad Request');
  });
  app.use(compression());
  // Fingerprinted assets never change; they are compressed once, at build.
  app.use('/build', precompressed(ASSETS_DIR), express.static(ASSETS_DIR, { immutable: true, maxAge: '1y' }));
  // Content-hashed image variants (pipeline/images.ts). send's MIME table predates AVIF.
  // An SVG among them, opened on its own, is a document of this origin: it may draw, never run anything (as netlify.toml).
  const setAvifType = (res: express.Response, file: string) => {
    if (file.endsWith('.avif')) res.setHeader('Content-Type', 'image/avif');
    res.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox");
  };
  // Decided in front of every static handler, on the path they would open (app/http/generated-path.server.ts):
  // a file under /generated is answered only at its own spelling, where the mount below gives it its CSP; and not
  // at all when it is an image no page of the live content names any more (a photo replaced or deleted by a
  // publish since the build, a case study made private): its file is still here.
  app.use(async (req, res, next) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const asked = generatedRequest(req.path);
    if (asked.kind === 'elsewhere') return next();
    if (asked.kind === 'file' && !(await isRetiredImageRequest(asked.sitePath).catch(() => false))) return next();
    res.status(404).set(RETIRED_IMAGE_HEADERS).type('text/plain').send('Not Found');
  });
  app.use('/generated', express.static('public/generated', { immutable: true, maxAge: '1y', setHeaders: setAvifType }));
  app.use(express.static('public', { maxAge: '1h' }));
  // Contact: the deployed send-email function's own source, mounted before Remix.
  installLocalContactSetup(app);
  // Not while the content has a mistake (nothing compiled to count from yet).
  if (!devContent?.error()) announcePrivateAccess();
  if (!process.env.ADMIN_PASSWORD?.trim()) console.log("Owner's area: ADMIN_PASSWORD is not set, so /admin stays closed (503).");
  app.all('/.netlify/functions/send-email', netlifyFunction(sendEmail, { name: 'send-email' }));
  // The action calls the same function in-process: it still answers after SIGTERM has closed the listener.
  // A CONTACT_FUNCTION_URL set from outside (a function served elsewhere, the tests of the HTTP path) is called over HTTP.
  // In-process calls get the platform's limits too: on Netlify they are HTTP calls between functions.
  const limited = <C>(name: string, handler: (request: Request, context?: C) => Promise<Response>) =>
    platformLimitsOn() ? withinPlatformLimits(handler, { name }) : handler;
  if (platformLimitsOn())
    console.log('Platform limits: on, as on Netlify (6 MB a request or answer, 60 s a call); PLATFORM_LIMITS=off turns them off.');
  if (!process.env.CONTACT_FUNCTION_URL?.trim())
    runSendEmailInProcess(limited('send-email', (request, context) => sendEmail(request, context as unknown as Context)));
  // The editor's content check (owner-only, bearer secret): the deployed function's own source, loaded on first use
  // (it brings the MDX compiler), over HTTP as on Netlify and in-process for the editor.
  const contentCheck = async (request: Request) => (await import('../netlify/functions/content-check')).default(request);
  app.all('/.netlify/functions/content-check', netlifyFunction(contentCheck, { name: 'content-check' }));
  if (!process.env.CONTENT_CHECK_URL?.trim()) runContentCheckInProcess(limited('content-check', contentCheck));
  // The image variants a publish leaves for after its answer (a background function on Netlify: 15 minutes).
  const contentVariants = async (request: Request) => (await import('../netlify/functions/content-variants-background')).default(request);
  app.all(CONTENT_VARIANTS_PATH, netlifyFunction(contentVariants, { name: 'content-variants-background', background: true }));
  if (!process.env.CONTENT_CHECK_URL?.trim())
    runContentVariantsInProcess(
      platformLimitsOn()
        ? withinPlatformLimits(contentVariants, { name: 'content-variants-background', background: true })
        : contentVariants,
    );
  // The Remix app, run the way Netlify runs it (a fetch handler), behind the
  // same page cache the CDN applies in production.
  // A cross-site POST gets a clean 403 before Remix's own check would throw (a 500), and every answer
  // under /admin is no-store and noindex, as in server.ts.
  // Each request runs on one version of the content: the build's, or a newer one a publish made live
  // (app/http/live-content.server.ts); a new version purges what it changed from the page cache.
  const remix = createRequestHandler(build, build.mode);
  const handleRequest = guardRequests(
    withCacheTags((request: Request, _context: unknown) => remix(request)),
    { routes: build.routes },
  );
  const pageCache = withPageCache((request: Request) => handleRequest(request, undefined));
  app.use(
    netlifyFunction(
      withLiveContent(isDev ? (request: Request) => handleRequest(request, undefined) : pageCache, {
        onNewVersion: (tags) => pageCache.purge(tags),
      }),
      // A photo posted without JavaScript over the limit: the edge function Netlify runs in front, run here too.
      { name: 'server', edge: [{ paths: oversizedUploadConfig.path, run: oversizedUpload }] },
    ),
  );
  // A malformed URL (e.g. a broken %-escape) is the client's error: a plain 400, no stack trace.
  app.use((error: { status?: number }, _req: express.Request, res: express.Response, next: express.NextFunction) => {
    if (res.headersSent) return next(error);
    const status = error.status && error.status >= 400 && error.status < 500 ? error.status : 500;
    if (status === 500) console.error(error);
    res
      .status(status)
      .type('text/plain')
      .send(status === 500 ? 'Internal Server Error' : 'Bad Request');
  });
  return { app, build };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  // No share-link token in any log line, whoever writes it (Remix prints paths).
  redactLogs();
  // PORT=0 picks a free port (the tests use it); the real one is printed.
  const port = process.env.PORT === undefined || process.env.PORT === '' ? 3000 : Number(process.env.PORT);
  const { app, build } = await createServer();
  // Decided before listening, started after: no page waits for the database.
  const database = planLocalDatabase();
  const server = app.listen(port, () => {
    const address = server.address();
    const actual = typeof address === 'object' && address ? address.port : port;
    // The owner's one-time sign-in links point here when no SITE_URL says otherwise (never at a Host header).
    process.env.PORTFOLIO_LOCAL_ORIGIN ??= `http://localhost:${actual}`;
    console.log(`Portfolio ready on http://localhost:${actual}`);
    if (isDev) broadcastDevReady(build);
    void database?.start();
  });
  // Retries contact messages whose send failed; idle until the database is ready.
  const mailQueue = startMailQueueTimer();
  stopGracefullyOnSignals(server, {
    cleanup: async () => {
      // Reading insights still in the buffer are written while the database is there.
      await stopInsights();
      // A message kept and answered whose mail was still on its way: let it land (bounded by the cleanup's limit).
      await settleInProcessWork();
      await mailQueue.stop();
      await database?.stop();
    },
  });
}
