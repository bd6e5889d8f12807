import { Swatch } from '~/components/admin/look/Swatch';
import { isDefaultLook, type Look } from '~/look/look';
import { colourFamily, layoutWords, NEUTRAL_LABELS, SCHEME_LABELS, SHAPE_LABELS } from '~/look/look-words';
import { typefaceChoice } from '~/look/typefaces';

/** The overview's line on her look: its accent and choices, or that it is still the original. */
export function LookSummary({ look }: { look: Look }) {
  return (
    <div data-look-summary className="flex flex-wrap items-center gap-3 text-sm">
      <Swatch colour={look.accent} />
      <p>
        {isDefaultLook(look) ? 'The original look: ' : ''}
        {colourFamily(look.accent)} accent <span className="font-mono text-fg-muted">{look.accent}</span>,{' '}
        {NEUTRAL_LABELS[look.neutral].toLowerCase()} greys, {typefaceChoice(look.typeface).name}, {SHAPE_LABELS[look.shape].toLowerCase()}{' '}
        corners, {SCHEME_LABELS[look.scheme].toLowerCase()}, {layoutWords(look)}.
      </p>
    </div>
  );
}
