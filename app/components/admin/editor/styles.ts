/** Shared classes of the body editor's controls, in the owner's area's look (see NewLinkForm). */
export const CONTROL =
  'w-full min-w-0 rounded-lg border border-border bg-bg px-3 py-2 text-[0.9375rem] text-fg shadow-xs outline-none focus-visible:border-ring focus-visible:ring-2 focus-visible:ring-ring/30';
export const LABEL = 'mb-1 block text-sm font-medium';
export const QUIET_BUTTON =
  'inline-flex h-9 items-center gap-1.5 rounded-full border border-border bg-bg px-3.5 text-sm font-medium text-fg transition-colors hover:bg-bg-muted disabled:opacity-60';
export const PRIMARY_BUTTON =
  'inline-flex h-10 items-center rounded-full bg-accent px-5 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60';
/**
 * Card inputs carry their prop's name (tests and people can find `[name="caption"]`), but point at a form that
 * does not exist, so they have no form owner and the page's form never posts them as frontmatter fields.
 */
export const NO_FORM = 'mdx-block-card-inputs';
