/**
 * How long after the navigation began the islands start at the latest, should
 * the page never finish loading (an image that never answers). A page that has
 * loaded waits for its frames instead: on a slow phone they can come seconds
 * after load, and a tab opened in the background has none until it is shown.
 */
export const ISLANDS_START_FALLBACK_MS = 3000;

/**
 * The inline script that adds the islands' boot module (app/islands/boot.ts)
 * once the page has loaded. A `<script type="module" src>` in the page would
 * be fetched while the page is still parsing, beside the hero image and the
 * stylesheet, and on a slow phone network that one request delays the
 * largest paint; added at `load`, and after the frames that follow it (a
 * page of text alone can load before it paints), it is fetched only after
 * everything the first paint needs. The CSP allows this script by its hash
 * like every inline script (security-headers.server.ts), and the module it
 * adds comes from the site itself ('self').
 */
export function bootLoaderScript(bootUrl: string): string {
  // In a block, so that nothing it names becomes a global of the page.
  return `{let added;const add=()=>{if(added)return;added=1;document.head.append(Object.assign(document.createElement('script'),{type:'module',src:${JSON.stringify(bootUrl)}}))};addEventListener('load',()=>requestAnimationFrame(()=>requestAnimationFrame(add)),{once:true});setTimeout(()=>document.readyState==='complete'||add(),${ISLANDS_START_FALLBACK_MS})}`;
}
