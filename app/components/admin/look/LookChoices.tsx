import type { ReactNode } from 'react';
import { DEFAULT_ACCENT, NEUTRALS, SCHEMES, SHAPES, WORK_LAYOUTS, type WorkLayout } from '~/look/look';
import type { LookFormProblems, LookFormValues } from '~/look/look-form';
import { NEUTRAL_LABELS, PORTRAIT_LABELS, SCHEME_LABELS, SHAPE_LABELS, WORK_LAYOUT_LABELS } from '~/look/look-words';
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

/** A sketch of each layout of her work, drawn in the text's colour: image blocks filled, lines of words as bars. */
function LayoutSketch({ layout }: { layout: WorkLayout }) {
  const line = (x: number, y: number, width: number, key: string) => (
    <rect key={key} x={x} y={y} width={width} height="2" rx="1" fill="currentColor" opacity="0.45" />
  );
  return (
    <svg aria-hidden="true" width="48" height="36" viewBox="0 0 48 36" className="shrink-0">
      {layout === 'cards' ? (
        <>
          <rect x="1" y="2" width="21" height="14" rx="2" fill="currentColor" opacity="0.3" />
          <rect x="26" y="2" width="21" height="14" rx="2" fill="currentColor" opacity="0.3" />
          {line(1, 20, 18, 'a')}
          {line(26, 20, 18, 'b')}
          <rect x="1" y="26" width="21" height="8" rx="2" fill="currentColor" opacity="0.3" />
          <rect x="26" y="26" width="21" height="8" rx="2" fill="currentColor" opacity="0.3" />
        </>
      ) : layout === 'featured' ? (
        <>
          <rect x="1" y="2" width="27" height="16" rx="2" fill="currentColor" opacity="0.3" />
          {line(31, 5, 16, 'a')}
          {line(31, 10, 12, 'b')}
          <rect x="1" y="22" width="14" height="12" rx="2" fill="currentColor" opacity="0.3" />
          <rect x="17" y="22" width="14" height="12" rx="2" fill="currentColor" opacity="0.3" />
          <rect x="33" y="22" width="14" height="12" rx="2" fill="currentColor" opacity="0.3" />
        </>
      ) : (
        [4, 15, 26].map((y) => (
          <g key={y}>
            {line(1, y, 8, `year-${y}`)}
            <rect x="13" y={y - 1} width="24" height="4" rx="1" fill="currentColor" opacity="0.6" />
            {line(13, y + 5, 30, `text-${y}`)}
          </g>
        ))
      )}
    </svg>
  );
}

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
      <Choice
        legend="Your work on the home page"
        hint="How your case studies are laid out, in your order. Below a case study, the others show as cards, or as a list if you pick one."
        name="workLayout"
        problem={problems.workLayout}
      >
        <div className="mt-3 grid gap-2.5">
          {WORK_LAYOUTS.map((layout) => (
            <label key={layout} className={CARD}>
              <input type="radio" name="workLayout" value={layout} defaultChecked={values.workLayout === layout} className={RADIO} />
              <LayoutSketch layout={layout} />
              <span className="min-w-0">
                <span className="block font-medium">{WORK_LAYOUT_LABELS[layout].name}</span>
                <span className="block text-sm text-fg-muted">{WORK_LAYOUT_LABELS[layout].description}</span>
              </span>
            </label>
          ))}
        </div>
      </Choice>
      <Choice
        legend="Your portrait on phones"
        hint="On wider screens it is always beside your headline. On phones it can show small, cropped around its focal point, which you set with the photo in Site details."
        name="portraitOnPhones"
        problem={problems.portraitOnPhones}
      >
        <div className="mt-3 grid gap-2.5 sm:grid-cols-2">
          {(['true', 'false'] as const).map((shown) => (
            <label key={shown} className={CARD}>
              <input
                type="radio"
                name="portraitOnPhones"
                value={shown}
                defaultChecked={values.portraitOnPhones === shown}
                className={RADIO}
              />
              <span className="font-medium">{PORTRAIT_LABELS[shown]}</span>
            </label>
          ))}
        </div>
      </Choice>
    </>
  );
}
