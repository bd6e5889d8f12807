/**
 * Keeps JavaScript out of the first paint.
 *
 * Every page is complete as HTML and CSS: links, the contact form and the
 * :target mobile menu all work before (and without) the app. So the ~90 KB
 * of modules that hydrate it have no business competing with the stylesheet,
 * the text and the hero image on a slow phone. Two rewrites of the rendered
 * document, in production only (development keeps Remix's output, HMR
 * included, untouched):
 *
 * 1. `<link rel="modulepreload">` becomes an inert `rel`. The links stay in
 *    the markup because React hydrates against them.
 * 2. Remix's inline module script imports the route modules statically, so
 *    the browser fetches them at once, at high priority. It is rewritten to
 *    import them after the page has loaded and painted, then start the app
 *    exactly as Remix would: manifest, route modules, entry module.
 *
 * Both run before the CSP hashes are computed, so the policy describes the
 * script that is actually sent.
 */

/** Hydration starts once the page has loaded and painted, or after this long at the latest. */
export const HYDRATION_START_FALLBACK_MS = 3_000;

const MODULE_SCRIPT = /(<script type="module" async="">)([\s\S]*?)(<\/script>)/;
const ROUTE_IMPORT = /^import \* as (route\d+) from ("[^"\n]+");$/gm;
const ENTRY_IMPORT = /\n*import\(("[^"\n]+")\);\s*$/;

/** The body of the rewritten module script; null when Remix's script does not have the expected shape. */
export function deferredBootScript(remixScript: string): string | null {
  const routes = [...remixScript.matchAll(ROUTE_IMPORT)].map(([, name, url]) => ({ name, url }));
  const entry = ENTRY_IMPORT.exec(remixScript);
  if (routes.length === 0 || !entry) return null;
  // What is left is plain assignments (window.__remixManifest, __remixRouteModules) that refer to routeN.
  const setup = remixScript.replace(ROUTE_IMPORT, '').replace(ENTRY_IMPORT, '').replace(/^[;\s]+/, '').trim();
  if (/\bimport\b[\s*{"]/.test(setup.replace(/"(?:[^"\\]|\\.)*"/g, '""'))) return null;
  const imports = routes.map((route) => `import(${route.url})`).join(', ');
  const bindings = routes.map((route, index) => `var ${route.name} = modules[${index}];`).join('\n      ');
  return `(function () {
  var started = false;
  function start() {
    if (started) return;
    started = true;
    Promise.all([${imports}]).then(function (modules) {
      ${bindings}
      ${setup.split('\n').join('\n      ')}
      return import(${entry[1]});
    });
  }
  // After the first contentful paint where the browser reports it, else after the frame that follows load.
  function afterFirstPaint() {
    var types = window.PerformanceObserver && PerformanceObserver.supportedEntryTypes;
    if (!types || types.indexOf('paint') === -1) {
      requestAnimationFrame(function () { setTimeout(start, 0); });
      return;
    }
    var observer = new PerformanceObserver(function (list) {
      if (list.getEntriesByName('first-contentful-paint').length === 0) return;
      observer.disconnect();
      setTimeout(start, 0);
    });
    observer.observe({ type: 'paint', buffered: true });
  }
  if (document.readyState === 'complete') afterFirstPaint();
  else window.addEventListener('load', afterFirstPaint, { once: true });
  setTimeout(start, ${HYDRATION_START_FALLBACK_MS});
})();`;
}

export function deferHydration(html: string): string {
  if (process.env.NODE_ENV !== 'production') return html;
  const withInertPreloads = html.replace(/<link rel="modulepreload"/g, '<link rel="x-modulepreload-deferred"');
  return withInertPreloads.replace(MODULE_SCRIPT, (whole, open: string, body: string, close: string) => {
    const deferred = deferredBootScript(body);
    return deferred === null ? whole : `${open}${deferred}${close}`;
  });
}
