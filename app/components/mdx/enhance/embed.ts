/**
 * Click-to-load embeds (an island, app/islands/boot.ts). Until the visitor
 * asks, the block is a poster and a link: no request goes to the other host.
 * "Load it here" swaps the poster for the player, in the same box. The
 * page's CSP names exactly its embeds' hosts in frame-src
 * (security-headers.server.ts).
 */
export function start() {
  for (const block of document.querySelectorAll<HTMLElement>('[data-block="embed"]')) {
    const frame = block.querySelector<HTMLElement>('.embed-frame');
    const actions = block.querySelector<HTMLElement>('.embed-actions');
    const { embedSrc, embedTitle } = block.dataset;
    if (!frame || !actions || !embedSrc) continue;
    const load = () => {
      const iframe = document.createElement('iframe');
      iframe.src = embedSrc;
      iframe.title = embedTitle ?? '';
      iframe.allow = 'fullscreen; autoplay; encrypted-media; picture-in-picture';
      iframe.referrerPolicy = 'strict-origin-when-cross-origin';
      iframe.className = 'absolute inset-0 h-full w-full border-0';
      // Keep the poster's box (set through the CSSOM, which the CSP allows).
      frame.style.height = `${frame.getBoundingClientRect().height}px`;
      frame.replaceChildren(iframe);
      block.dataset.loaded = '';
      iframe.focus();
    };
    const button = document.createElement('button');
    button.type = 'button';
    button.className = 'embed-load';
    // The name starts with the visible words (WCAG 2.5.3, label in name), then says what loads.
    const context = document.createElement('span');
    context.className = 'sr-only';
    context.textContent = ` (${embedTitle ?? 'the embed'})`;
    button.append('Load it here', context);
    button.addEventListener('click', () => load());
    actions.prepend(button);
  }
}
