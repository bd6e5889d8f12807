import type { Hunk } from '~/editing/documents/line-diff';

/** A line diff as people read one: lines taken out in red, lines put in in green, a few unchanged around them. */
export function DiffView({ hunks, removedLabel = 'Removed', addedLabel = 'Added' }: { hunks: Hunk[]; removedLabel?: string; addedLabel?: string }) {
  if (hunks.length === 0) return <p className="px-4 py-3 text-sm text-fg-muted">No difference in the text.</p>;
  return (
    <div className="overflow-x-auto font-mono text-xs leading-relaxed" data-diff>
      {hunks.map((hunk, h) => (
        <div key={h} className="border-b border-border last:border-b-0">
          <p className="bg-bg-muted px-4 py-1 text-fg-muted">
            Lines {hunk.newStart}–{hunk.newStart + Math.max(0, hunk.newLines - 1)}
          </p>
          {hunk.lines.map((line, l) => (
            <p
              key={l}
              data-diff-line={line.kind}
              className={`whitespace-pre-wrap break-words px-4 ${line.kind === 'added' ? 'bg-emerald-500/10 text-emerald-900 dark:text-emerald-100' : line.kind === 'removed' ? 'bg-red-500/10 text-red-900 dark:text-red-100' : 'text-fg-muted'}`}
            >
              <span aria-hidden="true" className="mr-2 select-none">
                {line.kind === 'added' ? '+' : line.kind === 'removed' ? '−' : ' '}
              </span>
              <span className="sr-only">{line.kind === 'added' ? `${addedLabel}: ` : line.kind === 'removed' ? `${removedLabel}: ` : ''}</span>
              {line.text || ' '}
            </p>
          ))}
        </div>
      ))}
    </div>
  );
}
