/** The editor's buttons: the owner area's pill shapes, a size smaller so a phone's bar holds three. */
export const BUTTON =
  'inline-flex h-10 items-center justify-center gap-1.5 rounded-full border border-border bg-bg px-4 text-sm font-medium shadow-xs transition-colors hover:bg-bg-subtle disabled:opacity-60';
export const PRIMARY =
  'inline-flex h-10 items-center justify-center gap-1.5 rounded-full bg-accent px-5 text-sm font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60';
export const QUIET_LINK = 'font-medium text-accent underline-offset-4 hover:underline';
