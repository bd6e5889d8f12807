/**
 * The hero's spotlight layer: invisible until app/islands/spotlight.ts, on
 * a wide screen with a mouse, moves it with the pointer and sets data-active.
 * Without JavaScript it stays at opacity 0.
 */
export function Spotlight() {
  return (
    <div
      aria-hidden="true"
      data-testid="spotlight"
      data-active="false"
      className="hero-spotlight pointer-events-none absolute inset-0 -z-10"
    />
  );
}
