import { DEFAULT_LOOK, HEX_COLOUR, NEUTRALS, normaliseHex, SCHEMES, SHAPES, TYPEFACES, WORK_LAYOUTS, type Look } from './look';

/**
 * The Look page's form, read the same way on the server (Preview, Publish)
 * and in the browser (the live preview): her typed values as she typed
 * them, the look they make, or what is wrong, in her words, by field.
 *
 * The accent has two inputs: the text field `accent` and the colour picker
 * `accentPicker`. `accentWas` and `accentPickerWas` are what each showed, so
 * that without JavaScript (nothing keeps the two in step) a change in either
 * one is seen: the text field wins when it was changed, else the picker does.
 */

export type LookFormValues = Record<keyof Look, string>;
export type LookFormProblems = Partial<Record<keyof Look, string>>;
export type ReadLookForm = { values: LookFormValues; look: Look | null; problems: LookFormProblems };

type Get = (name: string) => string | null;

/** The portrait's choice posts as text, like every radio: 'true' shows it on phones too. */
const PORTRAIT_CHOICES = ['true', 'false'] as const;

const CHOICES = {
  neutral: NEUTRALS,
  shape: SHAPES,
  scheme: SCHEMES,
  typeface: TYPEFACES,
  workLayout: WORK_LAYOUTS,
  portraitOnPhones: PORTRAIT_CHOICES,
} as const;

const CHOICE_PROBLEMS: Record<keyof typeof CHOICES, string> = {
  neutral: 'Pick one of the greys shown.',
  shape: 'Pick one of the corner shapes shown.',
  scheme: 'Pick light, dark, or following the visitor’s device.',
  typeface: 'Pick one of the typefaces shown.',
  workLayout: 'Pick cards, one featured, or a plain list for your work.',
  portraitOnPhones: 'Pick whether your portrait shows on phones.',
};

export const ACCENT_PROBLEM = (typed: string) =>
  typed === ''
    ? 'Type your accent colour, such as #0d9488, or pick it with the colour picker.'
    : `“${typed.slice(0, 40)}” isn’t a colour the site can read. Type it as a # followed by six digits or letters a–f, such as #0d9488, or pick it with the colour picker.`;

/** The accent she meant: the typed text when she changed it (or the picker was not sent), else the picker. */
function accentOf(get: Get): string {
  const typed = (get('accent') ?? '').trim();
  const picked = (get('accentPicker') ?? '').trim();
  const typedWas = (get('accentWas') ?? '').trim().toLowerCase();
  const pickedWas = (get('accentPickerWas') ?? '').trim().toLowerCase();
  if (typed !== '' && typed.toLowerCase() !== typedWas) return typed;
  if (picked !== '' && picked.toLowerCase() !== pickedWas) return picked;
  return typed !== '' ? typed : picked;
}

export function readLookForm(get: Get): ReadLookForm {
  const accent = accentOf(get);
  // A typed colour without its # is still hers: "0d9488" reads as "#0d9488".
  const withHash = /^[0-9a-f]{3}(?:[0-9a-f]{3})?$/i.test(accent) ? `#${accent}` : accent;
  const values: LookFormValues = {
    accent,
    neutral: get('neutral') ?? '',
    shape: get('shape') ?? '',
    scheme: get('scheme') ?? '',
    typeface: get('typeface') ?? '',
    // A form from before these two choices existed (a page left open, a bookmarked preview) did not send them: they stay as they were.
    workLayout: get('workLayout') ?? DEFAULT_LOOK.workLayout,
    portraitOnPhones: get('portraitOnPhones') ?? String(DEFAULT_LOOK.portraitOnPhones),
  };
  const problems: LookFormProblems = {};
  if (!HEX_COLOUR.test(withHash)) problems.accent = ACCENT_PROBLEM(accent);
  for (const field of Object.keys(CHOICES) as (keyof typeof CHOICES)[]) {
    if (!(CHOICES[field] as readonly string[]).includes(values[field])) problems[field] = CHOICE_PROBLEMS[field];
  }
  if (Object.keys(problems).length > 0) return { values, look: null, problems };
  const look = {
    ...(values as Omit<Look, 'accent' | 'portraitOnPhones'>),
    accent: normaliseHex(withHash),
    portraitOnPhones: values.portraitOnPhones === 'true',
  } as Look;
  return { values: { ...values, accent: look.accent }, look, problems };
}

/** A look's values as the form shows them. */
export function lookFormValues(look: Look): LookFormValues {
  return {
    accent: normaliseHex(look.accent),
    neutral: look.neutral,
    shape: look.shape,
    scheme: look.scheme,
    typeface: look.typeface,
    workLayout: look.workLayout,
    portraitOnPhones: String(look.portraitOnPhones),
  };
}
