import type { AdjustmentNote } from '~/look/look-words';
import { Swatch } from './Swatch';

/**
 * Where her exact accent cannot be read on the page, what the site uses
 * instead, in one sentence per scheme, with her colour and the shade used
 * side by side. Announced as it changes while she picks.
 */
export function AdjustedShades({ notes }: { notes: AdjustmentNote[] }) {
  return (
    <div aria-live="polite" data-adjusted-shades={notes.length}>
      {notes.map((note) => (
        <div key={note.scheme} data-adjustment={note.scheme} className="mt-3 rounded-xl border border-border bg-bg-subtle p-4 text-sm">
          <p>{note.sentence}</p>
          <div className="mt-3 flex flex-wrap gap-x-6 gap-y-2">
            <span className="flex items-center gap-2" data-swatch="chosen">
              <Swatch colour={note.chosen} />
              <span>
                Yours <span className="font-mono text-fg-muted">{note.chosen}</span>
              </span>
            </span>
            <span className="flex items-center gap-2" data-swatch="used">
              <Swatch colour={note.used} />
              <span>
                {note.scheme === 'light' ? 'On light pages' : 'On dark pages'} <span className="font-mono text-fg-muted">{note.used}</span>
              </span>
            </span>
          </div>
        </div>
      ))}
    </div>
  );
}
