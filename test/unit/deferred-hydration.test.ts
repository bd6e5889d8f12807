import vm from 'node:vm';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { deferHydration, deferredBootScript, HYDRATION_START_FALLBACK_MS } from '~/content/deferred-hydration.server';

/** The shape of the module script Remix 2.17's <Scripts> renders (lazy route discovery on). */
const REMIX_SCRIPT = `;
import * as route0 from "/build/root-AAAA.js";
import * as route1 from "/build/routes/resume-BBBB.js";
window.__remixManifest = {
  "entry": { "module": "/build/entry.client-CCCC.js", "imports": ["/build/_shared/chunk-DDDD.js"] },
  "routes": { "root": { "id": "root", "module": "/build/root-AAAA.js", "imports": [] } },
  "version": "1234"
};
window.__remixRouteModules = {"root":route0,"routes/resume":route1};

import("/build/entry.client-CCCC.js");`;

/** Runs a boot script in a sandbox whose browser parts are fakes, recording what it imports and when. */
function runBootScript(script: string, { readyState = 'loading', paint = true } = {}) {
  const imported: string[] = [];
  const listeners: Record<string, () => void> = {};
  const timers: { callback: () => void; ms: number }[] = [];
  let observer: ((list: { getEntriesByName: (name: string) => unknown[] }) => void) | undefined;
  const window: Record<string, unknown> = {
    addEventListener: (type: string, listener: () => void) => (listeners[type] = listener),
  };
  const context = vm.createContext({
    window,
    document: { readyState },
    setTimeout: (callback: () => void, ms: number) => timers.push({ callback, ms }),
    requestAnimationFrame: (callback: () => void) => callback(),
    PerformanceObserver: Object.assign(
      function (this: unknown, callback: typeof observer) {
        observer = callback;
        return { observe: () => undefined, disconnect: () => undefined };
      },
      { supportedEntryTypes: paint ? ['paint', 'resource'] : ['resource'] },
    ),
    Promise,
  });
  window.PerformanceObserver = context.PerformanceObserver;
  // `import()` cannot run inside vm without a module linker, so the test stands in for it.
  const source = script.replace(/\bimport\(("[^"]+")\)/g, '__import($1)');
  context.__import = (url: string) => {
    imported.push(url);
    return Promise.resolve({ url });
  };
  vm.runInContext(source, context);
  const flush = () => new Promise((resolve) => setImmediate(resolve));
  return {
    imported,
    window,
    fireLoad: () => listeners.load?.(),
    paint: () => observer?.({ getEntriesByName: (name) => (name === 'first-contentful-paint' ? [{}] : []) }),
    runTimers: (filter: (ms: number) => boolean = () => true) => timers.filter((t) => filter(t.ms)).forEach((t) => t.callback()),
    flush,
  };
}

describe('deferredBootScript', () => {
  it('keeps no static import: routes and entry are imported only once the page has loaded and painted', async () => {
    const script = deferredBootScript(REMIX_SCRIPT);
    expect(script).not.toBeNull();
    expect(script).not.toMatch(/^\s*import\s/m);

    const boot = runBootScript(script!);
    await boot.flush();
    expect(boot.imported, 'nothing before load').toEqual([]);
    boot.fireLoad();
    boot.runTimers((ms) => ms === 0);
    await boot.flush();
    expect(boot.imported, 'nothing before the first contentful paint').toEqual([]);
    boot.paint();
    boot.runTimers((ms) => ms === 0);
    await boot.flush();
    expect(boot.imported).toEqual(['/build/root-AAAA.js', '/build/routes/resume-BBBB.js', '/build/entry.client-CCCC.js']);
    expect(boot.window.__remixRouteModules).toEqual({
      root: { url: '/build/root-AAAA.js' },
      'routes/resume': { url: '/build/routes/resume-BBBB.js' },
    });
    expect((boot.window.__remixManifest as { version: string }).version).toBe('1234');
  });

  it(`starts after ${HYDRATION_START_FALLBACK_MS} ms whatever happens, and only once`, async () => {
    const boot = runBootScript(deferredBootScript(REMIX_SCRIPT)!);
    boot.runTimers((ms) => ms === HYDRATION_START_FALLBACK_MS);
    boot.fireLoad();
    boot.paint();
    boot.runTimers();
    await boot.flush();
    expect(boot.imported.filter((url) => url.includes('entry.client'))).toHaveLength(1);
  });

  it('falls back to the frame after load where the browser does not report paints', async () => {
    const boot = runBootScript(deferredBootScript(REMIX_SCRIPT)!, { readyState: 'complete', paint: false });
    boot.runTimers((ms) => ms === 0);
    await boot.flush();
    expect(boot.imported).toHaveLength(3);
  });

  it('leaves a script of another shape alone', () => {
    expect(deferredBootScript('import("/build/entry.client.js");')).toBeNull();
    expect(deferredBootScript(REMIX_SCRIPT.replace('import("/build/entry.client-CCCC.js");', ''))).toBeNull();
    expect(deferredBootScript(`import "/build/hmr.js";\n${REMIX_SCRIPT}`)).toBeNull();
  });
});

describe('deferHydration', () => {
  afterEach(() => vi.unstubAllEnvs());
  const page = `<html><head><link rel="modulepreload" href="/build/root-AAAA.js"/></head><body><script type="module" async="">${REMIX_SCRIPT}</script></body></html>`;

  it('in production: inert module preloads and the deferred boot script', () => {
    vi.stubEnv('NODE_ENV', 'production');
    const html = deferHydration(page);
    expect(html).toContain('<link rel="x-modulepreload-deferred" href="/build/root-AAAA.js"/>');
    expect(html).not.toContain('import * as route0');
    expect(html).toContain(`<script type="module" async="">${deferredBootScript(REMIX_SCRIPT)}</script>`);
  });

  it('in development: Remix output untouched (HMR included)', () => {
    vi.stubEnv('NODE_ENV', 'development');
    expect(deferHydration(page)).toBe(page);
  });
});
