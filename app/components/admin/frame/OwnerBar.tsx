import { useEffect, useRef } from 'react';
import { Form, NavLink, Link } from '@remix-run/react';

const NAV = [
  { to: '/admin', label: 'Overview', end: true },
  { to: '/admin/content', label: 'Content', end: false },
  { to: '/admin/look', label: 'Look', end: false },
  { to: '/admin/links', label: 'Share links', end: false },
  { to: '/admin/messages', label: 'Messages', end: false },
  { to: '/admin/insights', label: 'Insights', end: false },
  { to: '/admin/publishing', label: 'Publishing', end: false },
  { to: '/admin/settings', label: 'Settings', end: false },
] as const;

/**
 * The owner's area's own bar: where you are, the sections, and the way out.
 * Without a session (the sign-in page) it shows only the way back to the site.
 * It stays on screen from a tablet's width up; on a phone its two rows would
 * take a fifth of the screen on their own, so it scrolls away with the page.
 */
export function OwnerBar({ name, newMessages }: { name: string; newMessages?: number }) {
  const signedIn = newMessages !== undefined;
  const bar = useOwnerBarHeight();
  return (
    <header
      ref={bar}
      data-owner-bar
      className="relative z-40 border-b border-border/70 bg-bg/85 backdrop-blur-md supports-[backdrop-filter]:bg-bg/75 sm:sticky sm:top-0"
    >
      <div className="mx-auto flex h-14 max-w-6xl items-center justify-between gap-4 px-5 sm:px-6 lg:px-8">
        <p className="flex min-w-0 items-baseline gap-2">
          <span className="shrink-0 text-[0.9375rem] font-semibold tracking-tight">Owner’s area</span>
          <span className="hidden truncate text-sm text-fg-muted sm:inline">{name}</span>
        </p>
        <div className="flex shrink-0 items-center gap-1">
          {/* A public page runs no app: it is loaded as a whole document (root.tsx). */}
          <Link
            to="/"
            reloadDocument
            className="inline-flex h-9 items-center rounded-full px-3 text-sm font-medium text-fg-muted transition-colors hover:bg-bg-muted hover:text-fg"
          >
            View site
          </Link>
          {signedIn ? (
            <Form method="post" action="/admin/sign-out">
              <button
                type="submit"
                className="inline-flex h-9 items-center rounded-full border border-border px-3.5 text-sm font-medium transition-colors hover:bg-bg-muted"
              >
                Sign out
              </button>
            </Form>
          ) : null}
        </div>
      </div>
      {signedIn ? (
        <nav aria-label="Owner’s area" className="mx-auto max-w-6xl px-2 sm:px-4 lg:px-6">
          <ul className="flex flex-wrap gap-x-0.5 gap-y-1 pb-2 sm:gap-1">
            {NAV.map((item) => (
              <OwnerNavItem key={item.to} item={item} newMessages={item.to === '/admin/messages' ? newMessages : undefined} />
            ))}
          </ul>
        </nav>
      ) : null}
    </header>
  );
}

/**
 * What must clear the bar (the body editor's sticky toolbar, an anchor, a
 * focused field) reads one variable, --owner-bar-height (styles/admin.css).
 * The stylesheet gives it the bar's usual height; once the page runs, the
 * bar's real height replaces it as the nav wraps or the text grows, and 0
 * where the bar scrolls away with the page (a phone).
 */
function useOwnerBarHeight() {
  const bar = useRef<HTMLElement>(null);
  useEffect(() => {
    const header = bar.current;
    if (!header) return;
    const root = document.documentElement;
    const measure = () => {
      const sticky = getComputedStyle(header).position === 'sticky';
      root.style.setProperty('--owner-bar-height', `${sticky ? header.getBoundingClientRect().height : 0}px`);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(header);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--owner-bar-height');
    };
  }, []);
  return bar;
}

/** One place of the owner's area in its bar; the inbox's shows how many messages are new. */
function OwnerNavItem({ item, newMessages }: { item: (typeof NAV)[number]; newMessages?: number }) {
  return (
    <li>
      <NavLink
        to={item.to}
        end={item.end}
        prefetch="intent"
        className="inline-flex h-9 items-center gap-1.5 rounded-full px-3 text-sm font-medium whitespace-nowrap text-fg-muted transition-colors hover:bg-bg-muted hover:text-fg aria-[current=page]:bg-bg-muted aria-[current=page]:text-fg sm:gap-2 sm:px-3.5"
      >
        {item.label}
        {newMessages ? (
          <span className="rounded-full bg-accent px-1.5 text-xs leading-5 font-semibold text-accent-fg">
            {newMessages}
            <span className="sr-only"> new</span>
          </span>
        ) : null}
      </NavLink>
    </li>
  );
}
