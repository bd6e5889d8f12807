import type { ReactNode } from 'react';
import { DEFAULT_ACCENT, NEUTRALS, SCHEMES, SHAPES } from '~/look/look';
import type { LookFormProblems, LookFormValues } from '~/look/look-form';
import { NEUTRAL_LABELS, SCHEME_LABELS, SHAPE_LABELS } from '~/look/look-words';
import { derivePalette } from '~/look/palette';
import { TYPEFACE_CHOICES } from '~/look/typefaces';

/**
 * The Look page's choices, as radio buttons a keyboard and a screen reader
 * know, each with what it looks like beside its name. Uncontrolled: without
 * JavaScript they post as they are; the page reads them back (look-form.ts).
 */

const CARD =
  'flex cursor-pointer items-center gap-3 rounded-xl border border-border px-3.5 py-3 text-[0.9375rem] transition-colors hover:border-fg-muted/50 has-[:checked]:border-accent has-[:checked]:bg-accent/8 has-[:focus-visible]:ring-2 has-[:focus-visible]:ring-ring/40';
const RADIO = 'size-4 shrink-0 accent-accent';

/** The greys each choice gives (their light, middle and dark steps): the same whatever the accent. */
const NEUTRAL_SWATCHES = Object.fromEntries(
  NEUTRALS.map((neutral) => {
    const { neutralScale } = derivePalette({ accent: DEFAULT_ACCENT, neutral });
    return [neutral, [neutralScale['100'], neutralScale['400'], neutralScale['800']]];
  }),
) as Record<(typeof NEUTRALS)[number], string[]>;

const SHAPE_RADIUS = { square: 0, soft: 5, round: 11 } as const;

export function Choice({
  legend,
  hint,
  problem,
  name,
  children,
}: {
  legend: string;
  hint?: string;
  problem?: string;
  name: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="mt-8" aria-describedby={problem ? `${name}-problem` : undefined}>
      <legend className="text-lg font-semibold tracking-tight">{legend}</legend>
      {hint ? <p className="mt-1 text-sm text-fg-muted">{hint}</p> : null}
      {problem ? (
        <p id={`${name}-problem`} data-problem={name} className="mt-2 text-sm font-medium text-red-700 dark:text-red-300">
          {problem}
        </p>
      ) : null}
      {children}
    </fieldset>
  );
}

export function LookChoices({ values, problems }: { values: LookFormValues; problems: LookFormProblems }) {
  return (
    <>
      <Choice legend="Greys" hint="The tone of backgrounds, borders and secondary text." name="neutral" problem={problems.neutral}>
        <div className="mt-3 grid grid-cols-2 gap-2.5 sm:grid-cols-4">
          {NEUTRALS.map((neutral) => (
            <label key={neutral} className={CARD}>
              <input type="radio" name="neutral" value={neutral} defaultChecked={values.neutral === neutral} className={RADIO} />
              <svg aria-hidden="true" width="42" height="24" viewBox="0 0 42 24" className="shrink-0">
                {NEUTRAL_SWATCHES[neutral].map((colour, index) => (
                  <rect key={colour} x={index * 14} y="0" width="14" height="24" fill={colour} />
                ))}
              </svg>
              <span className="font-medium">{NEUTRAL_LABELS[neutral]}</span>
            </label>
          ))}
        </div>
      </Choice>
      <Choice
        legend="Typeface"
        hint="A face for headings and one for text, shown here in its own face."
        name="typeface"
        problem={problems.typeface}
      >
        <div className="mt-3 grid gap-2.5 sm:grid-cols-2">
          {TYPEFACE_CHOICES.map((choice) => (
            <label key={choice.id} className={CARD}>
              <input type="radio" name="typeface" value={choice.id} defaultChecked={values.typeface === choice.id} className={RADIO} />
              <span className="min-w-0">
                <span className={`typeface-sample-${choice.id} block text-lg font-semibold`}>{choice.name}</span>
                <span className="block text-sm text-fg-muted">{choice.description}</span>
              </span>
            </label>
          ))}
        </div>
      </Choice>
      <Choice legend="Corners" hint="Of buttons, cards, photos and fields." name="shape" problem={problems.shape}>
        <div className="mt-3 grid grid-cols-3 gap-2.5">
          {SHAPES.map((shape) => (
            <label key={shape} className={CARD}>
              <input type="radio" name="shape" value={shape} defaultChecked={values.shape === shape} className={RADIO} />
              <svg aria-hidden="true" width="28" height="22" viewBox="0 0 28 22" className="hidden shrink-0 sm:block">
                <rect x="1" y="1" width="26" height="20" rx={SHAPE_RADIUS[shape]} fill="none" stroke="currentColor" strokeWidth="2" />
              </svg>
              <span className="font-medium">{SHAPE_LABELS[shape]}</span>
            </label>
          ))}
        </div>
      </Choice>
      <Choice legend="Light or dark" name="scheme" problem={problems.scheme}>
        <div className="mt-3 grid gap-2.5 sm:grid-cols-3">
          {SCHEMES.map((scheme) => (
            <label key={scheme} className={CARD}>
              <input type="radio" name="scheme" value={scheme} defaultChecked={values.scheme === scheme} className={RADIO} />
              <span className="font-medium">{SCHEME_LABELS[scheme]}</span>
            </label>
          ))}
        </div>
      </Choice>
    </>
  );
}
