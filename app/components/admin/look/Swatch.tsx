/**
 * A colour shown as a small square. SVG's `fill` is a presentation
 * attribute, not a style: the owner's pages allow no inline style (CSP).
 */
export function Swatch({ colour, size = 28, className = '' }: { colour: string; size?: number; className?: string }) {
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 28 28" className={`shrink-0 ${className}`}>
      <rect x="0.5" y="0.5" width="27" height="27" rx="6" fill={colour} stroke="currentColor" strokeOpacity="0.25" />
    </svg>
  );
}
