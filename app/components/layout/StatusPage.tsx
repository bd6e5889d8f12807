import type { ReactNode } from 'react';

/**
 * A page that says why something cannot be shown (410, 429, 503) and what to
 * do next, in the not-found page's voice and layout.
 */
export function StatusPage({
  code,
  title,
  children,
  action,
}: {
  code: number | string;
  title: string;
  children: ReactNode;
  action?: ReactNode;
}) {
  return (
    <main id="main" className="mx-auto flex min-h-[60vh] max-w-xl flex-col items-center justify-center px-6 py-24 text-center">
      <p className="text-sm font-semibold tracking-[0.2em] text-accent uppercase">{code}</p>
      <h1 className="mt-4 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">{title}</h1>
      <div className="mt-4 text-lg text-pretty text-fg-muted">{children}</div>
      {action ? <div className="mt-10">{action}</div> : null}
    </main>
  );
}

export const STATUS_ACTION =
  'inline-flex h-11 items-center gap-2 rounded-full bg-accent px-6 font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover';
