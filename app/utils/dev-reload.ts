/**
 * Live reload under `npm run dev`. remix dev rebuilds after every edit under
 * app/ or content/, restarts the app server, and once the new one is ready
 * tells every page over its WebSocket (REMIX_DEV_ORIGIN): "HMR" or "RELOAD".
 * The pages reload on either, so an edit shows up, a content mistake turns
 * the page into the error page, and fixing it brings the page back. (Remix's
 * own <LiveReload> ignores an update without changed modules, which is what
 * a content edit is.)
 */

/** The dev server's WebSocket address, e.g. ws://localhost:3001/socket. */
export function devSocketUrl(origin: string): string {
  const url = new URL(origin);
  return `${url.protocol === 'https:' ? 'wss:' : 'ws:'}//${url.host}/socket`;
}

/** The inline script: reload on every rebuild; if the dev server goes away, reload when it is back. */
export function devReloadScript(origin: string): string {
  return `(function (url) {
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
})(${JSON.stringify(devSocketUrl(origin))});`;
}
