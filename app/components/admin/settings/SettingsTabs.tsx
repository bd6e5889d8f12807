import { NavLink } from '@remix-run/react';

const TABS = [
  { to: '/admin/settings/mail', label: 'Mail' },
  { to: '/admin/settings/domain', label: 'Your domain' },
  { to: '/admin/settings/private', label: 'Private case studies' },
  { to: '/admin/settings/time-zone', label: 'Time zone' },
] as const;

const TAB =
  '-mb-px inline-flex h-10 items-center border-b-2 border-transparent px-3 text-sm font-medium text-fg-muted transition-colors hover:text-fg aria-[current=page]:border-accent aria-[current=page]:text-fg';

/** The settings' own sections, as links: the page you are on is marked for a screen reader too. */
export function SettingsTabs() {
  return (
    <nav aria-label="Settings" className="mt-5 flex flex-wrap gap-x-1 border-b border-border">
      {TABS.map((tab) => (
        <NavLink key={tab.to} to={tab.to} prefetch="intent" className={TAB}>
          {tab.label}
        </NavLink>
      ))}
    </nav>
  );
}
