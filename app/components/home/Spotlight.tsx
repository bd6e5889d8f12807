import { useEffect, useRef } from 'react';

/**
 * A soft light that follows the pointer across the hero. Only from 768 px,
 * with a fine pointer that can hover, and never under reduced motion; the
 * same query gates the CSS, so nothing shows where the listener is off.
 */
export const SPOTLIGHT_QUERY = '(min-width: 768px) and (hover: hover) and (pointer: fine) and (prefers-reduced-motion: no-preference)';

export function Spotlight() {
  const ref = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = ref.current;
    const hero = element?.parentElement;
    if (!element || !hero) return;
    const query = window.matchMedia(SPOTLIGHT_QUERY);
    let frame = 0;
    const onMove = (event: PointerEvent) => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => {
        const rect = hero.getBoundingClientRect();
        element.style.setProperty('--spotlight-x', `${event.clientX - rect.left}px`);
        element.style.setProperty('--spotlight-y', `${event.clientY - rect.top}px`);
        element.dataset.active = 'true';
      });
    };
    const onLeave = () => {
      element.dataset.active = 'false';
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
    return () => {
      cancelAnimationFrame(frame);
      query.removeEventListener('change', attach);
      hero.removeEventListener('pointermove', onMove);
      hero.removeEventListener('pointerleave', onLeave);
    };
  }, []);

  return (
    <div
      ref={ref}
      aria-hidden="true"
      data-testid="spotlight"
      data-active="false"
      className="hero-spotlight pointer-events-none absolute inset-0 -z-10"
    />
  );
}
