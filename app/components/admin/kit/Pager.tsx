import { Link } from '@remix-run/react';

/**
 * Newer and Older links between pages of a list, and where the owner is in
 * it. `href(page)` keeps whatever else the list's address says (a filter).
 */
export function Pager({ page, pages, summary, href }: { page: number; pages: number; summary: string; href: (page: number) => string }) {
  if (pages <= 1) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4 text-sm">
      {page > 1 ? (
        <Link to={href(page - 1)} className="font-medium text-accent underline-offset-4 hover:underline">
          ← Newer
        </Link>
      ) : (
        <span />
      )}
      <span className="text-center text-fg-muted">{`Page ${page} of ${pages} · ${summary}`}</span>
      {page < pages ? (
        <Link to={href(page + 1)} className="font-medium text-accent underline-offset-4 hover:underline">
          Older →
        </Link>
      ) : (
        <span />
      )}
    </nav>
  );
}
