import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

/** One block of the owner's screens: a title, an optional way to see all, and its content. */
export function Panel({
  title,
  id,
  more,
  children,
  className = '',
}: {
  title: string;
  id: string;
  more?: { to: string; label: string };
  children: ReactNode;
  className?: string;
}) {
  return (
    <section aria-labelledby={id} className={`rounded-2xl border border-border bg-bg p-5 sm:p-6 ${className}`}>
      <div className="flex items-baseline justify-between gap-4">
        <h2 id={id} className="text-lg font-semibold tracking-tight">
          {title}
        </h2>
        {more ? (
          <Link to={more.to} className="shrink-0 text-sm font-medium text-accent underline-offset-4 hover:underline">
            {more.label}
          </Link>
        ) : null}
      </div>
      <div className="mt-4">{children}</div>
    </section>
  );
}

export const EMPTY = 'rounded-xl border border-dashed border-border px-4 py-6 text-center text-sm text-fg-muted';
