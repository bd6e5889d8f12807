// @ts-check
/**
 * Prettier formats every code file (`npm run format`; `npm run lint` checks
 * it). Lines run to 140 characters: the code was written wide, and at 80 a
 * route's loaders would break into three times as many lines. The Tailwind
 * plugin sorts class lists in the order Tailwind's own docs use.
 *
 * @type {import('prettier').Config}
 */
export default {
  printWidth: 140,
  singleQuote: true,
  plugins: ['prettier-plugin-tailwindcss'],
  tailwindStylesheet: './app/tailwind.css',
};
