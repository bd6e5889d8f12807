const TONES = {
  good: 'bg-emerald-500/12 text-emerald-700 ring-emerald-600/25 dark:text-emerald-300 dark:ring-emerald-400/30',
  warn: 'bg-amber-500/12 text-amber-800 ring-amber-600/30 dark:text-amber-200 dark:ring-amber-400/30',
  bad: 'bg-red-500/10 text-red-700 ring-red-600/25 dark:text-red-300 dark:ring-red-400/30',
  quiet: 'bg-bg-muted text-fg-muted ring-border',
} as const;

export type Tone = keyof typeof TONES;

/** A state in a word, with a dot, readable without its colour. */
export function StateBadge({ tone, children }: { tone: Tone; children: string }) {
  return (
    <span className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${TONES[tone]}`}>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-current" />
      {children}
    </span>
  );
}

export const LINK_TONE = { active: 'good', expired: 'quiet', revoked: 'bad' } as const satisfies Record<string, Tone>;
export const MESSAGE_TONE = { delivered: 'good', retrying: 'warn', failed: 'bad', kept: 'quiet' } as const satisfies Record<string, Tone>;
/** A message's delivery in the owner's words. */
export const MESSAGE_LABEL = {
  delivered: 'delivered',
  retrying: 'retrying',
  failed: 'failed',
  kept: 'inbox only',
} as const satisfies Record<keyof typeof MESSAGE_TONE, string>;
