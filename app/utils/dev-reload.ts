/**
 * Live reload under `npm run dev`, from two sources:
 *
 * - Code: remix dev rebuilds after every edit under app/, restarts the app
 *   server, and once the new one is ready tells every page over its
 *   WebSocket (REMIX_DEV_ORIGIN): "HMR" or "RELOAD".
 * - Content: the app server compiles content/ again in its own process after
 *   each change (scripts/dev-content.ts) and says so on an event stream of
 *   its own origin (CONTENT_EVENTS_PATH).
 *
 * The pages reload on either, so an edit shows up, a content mistake turns
 * the page into the error page, and fixing it brings the page back. The
 * editor's pages (/admin) do not reload for content: the designer may be
 * typing there, and a publish already shows its result. (Remix's own
 * <LiveReload> ignores an update without changed modules.)
 */

/** The app server's event stream of content compiles (dev only). */
export const CONTENT_EVENTS_PATH = '/__dev/content-events';

/** The dev server's WebSocket address, e.g. ws://localhost:3001/socket. */
export function devSocketUrl(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}/socket`;
}

/** The inline script: reload on every rebuild; if the dev server goes away, reload when it is back. */
export function devReloadScript(origin: string): string {
  return `(function (url, events) {
  function connect(reloadWhenOpen) {
    var socket = new WebSocket(url);
    socket.onopen = function () { if (reloadWhenOpen) location.reload(); };
    socket.onmessage = function (message) {
      var type = JSON.parse(message.data).type;
      if (type === "HMR" || type === "RELOAD") location.reload();
    };
    socket.onclose = function () { setTimeout(function () { connect(true); }, 1000); };
  }
  connect(false);
  if (window.EventSource && (location.pathname + "/").indexOf("/admin/") !== 0) {
    new EventSource(events).onmessage = function () { location.reload(); };
  }
})(${JSON.stringify(devSocketUrl(origin))}, ${JSON.stringify(CONTENT_EVENTS_PATH)});`;
}
