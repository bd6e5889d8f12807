import type { ReactNode } from 'react';
import { z } from 'zod';
import { text } from './props';
import { Icon } from '~/components/ui/icons';

/** A highlighted finding or decision: a key insight, a decision, or a note. */
export const calloutProps = z.object({ kind: z.enum(['insight', 'decision', 'note']).optional(), title: text.optional() }).strict();

const TITLES = { insight: 'Key insight', decision: 'Decision', note: 'Note' } as const;

const ICONS = {
  // A light bulb, a signpost, an info mark: 20 px line icons like the rest of the site.
  insight: 'M9 18h6M10 21h4M12 3a6 6 0 0 0-3.6 10.8c.6.5 1 1.2 1 2V16h5.2v-.2c0-.8.4-1.5 1-2A6 6 0 0 0 12 3z',
  decision: 'M12 3v18M12 5h6l2 2.5L18 10h-6M12 12H6l-2 2.5L6 17h6',
  note: 'M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18zM12 11v5M12 8h.01',
} as const;

export function Callout({ kind = 'insight', title, children }: z.infer<typeof calloutProps> & { children?: ReactNode }) {
  const heading = title ?? TITLES[kind];
  return (
    <div
      data-block="callout"
      data-kind={kind}
      role="note"
      aria-label={heading}
      className="story-text my-10 rounded-2xl border border-accent/20 bg-accent-soft p-6 sm:my-12 sm:p-7"
    >
      <p className="flex items-center gap-2 text-xs font-semibold tracking-[0.14em] text-accent-soft-fg uppercase">
        <Icon width="18" height="18">
          <path d={ICONS[kind]} />
        </Icon>
        {heading}
      </p>
      <div className="mt-3 text-lg leading-relaxed text-fg [&>p]:my-0 [&>p+p]:mt-3">{children}</div>
    </div>
  );
}
