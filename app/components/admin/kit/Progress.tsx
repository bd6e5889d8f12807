import { useEffect, useState } from 'react';

/** A small spinner for a button that is working; still, for those who ask for less motion. */
export function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" fill="none" className="size-4 shrink-0 motion-safe:animate-spin">
      <circle cx="12" cy="12" r="9" stroke="currentColor" strokeOpacity="0.25" strokeWidth="3" />
      <path d="M21 12a9 9 0 0 0-9-9" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}

/**
 * What is happening, once it has taken about a second: the words and the
 * seconds so far, so a long wait never looks like a page that froze. Nothing
 * before that second: a quick answer should not flash.
 */
export function Progress({ active, children, className = '' }: { active: boolean; children: string; className?: string }) {
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    setSeconds(0);
    if (!active) return;
    const started = Date.now();
    const timer = setInterval(() => setSeconds(Math.floor((Date.now() - started) / 1000)), 250);
    return () => clearInterval(timer);
  }, [active]);
  if (!active || seconds < 1) return null;
  return (
    <p data-progress className={`flex items-center gap-2 text-sm text-fg-muted ${className}`}>
      <Spinner />
      <span role="status">{children}</span>
      <span className="tabular-nums" aria-hidden="true">
        {seconds} s
      </span>
    </p>
  );
}
