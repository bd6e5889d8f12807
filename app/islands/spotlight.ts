/**
 * The hero's spotlight (app/components/home/Spotlight.tsx): a soft light that
 * follows the pointer, drawn on the next frame after each move. Only from
 * 768 px, with a fine pointer that can hover, and never under reduced motion:
 * the query that also gates its CSS (app/tailwind.css), so nothing shows
 * where the listener is off.
 */
const SPOTLIGHT_QUERY = '(min-width: 768px) and (hover: hover) and (pointer: fine) and (prefers-reduced-motion: no-preference)';

export function start() {
  const light = document.querySelector<HTMLElement>('.hero-spotlight')!;
  const hero = light.parentElement!;
  const query = matchMedia(SPOTLIGHT_QUERY);
  let frame = 0;
  const onMove = (event: PointerEvent) => {
    cancelAnimationFrame(frame);
    frame = requestAnimationFrame(() => {
      const rect = hero.getBoundingClientRect();
      light.style.setProperty('--spotlight-x', `${event.clientX - rect.left}px`);
      light.style.setProperty('--spotlight-y', `${event.clientY - rect.top}px`);
      light.dataset.active = 'true';
    });
  };
  const onLeave = () => {
    cancelAnimationFrame(frame);
    light.dataset.active = 'false';
  };
  const attach = () => {
    hero.removeEventListener('pointermove', onMove);
    hero.removeEventListener('pointerleave', onLeave);
    if (query.matches) {
      hero.addEventListener('pointermove', onMove);
      hero.addEventListener('pointerleave', onLeave);
    } else onLeave();
  };
  attach();
  query.addEventListener('change', attach);
}
