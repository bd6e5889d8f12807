/** A figure's caption and credit, in the story's caption style. */
export function Caption({ caption, credit, className = '' }: { caption?: string; credit?: string; className?: string }) {
  if (!caption && !credit) return null;
  return (
    <figcaption className={`mt-3 text-sm leading-relaxed text-pretty text-fg-muted ${className}`}>
      {caption}
      {credit ? <span className="mt-0.5 block text-xs tracking-[0.08em] uppercase">{credit}</span> : null}
    </figcaption>
  );
}
