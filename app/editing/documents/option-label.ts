/**
 * A select's option as her form shows it: "coming-soon" reads "Coming soon".
 * On its own, with no import: the form's script in the browser uses it, and
 * the schemas (fields.ts) must stay out of that script.
 */
export function optionLabel(option: string): string {
  const words = option.replace(/-/g, ' ');
  return words.charAt(0).toUpperCase() + words.slice(1);
}
