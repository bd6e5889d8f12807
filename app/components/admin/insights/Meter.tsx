/**
 * A bar of `value` out of `max`, drawn by a <progress> (see app/styles/insights.css):
 * its length is an attribute, never an inline style, which the CSP would refuse.
 * Decorative: the figure it draws is always written beside it.
 */
export function Meter({ value, max, className }: { value: number; max: number; className: string }) {
  return <progress aria-hidden="true" value={Math.max(0, Math.min(value, max))} max={max > 0 ? max : 1} className={`meter ${className}`} />;
}
