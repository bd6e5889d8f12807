import type { ReactNode } from 'react';
import { OwnerBar } from './OwnerBar';
import { LockIcon } from '~/components/ui';

/** The sign-in page's frame: the bar, and one calm card in the middle of the page. */
export function SignInCard({ siteName, title, lead, children }: { siteName: string; title: string; lead: string; children: ReactNode }) {
  return (
    <>
      <OwnerBar name={siteName} />
      <main id="main" className="mx-auto flex min-h-[70vh] max-w-md flex-col justify-center px-5 py-16 sm:px-6">
        <div className="rounded-3xl border border-border bg-bg-subtle p-6 shadow-xs sm:p-8">
          <p className="flex items-center gap-2 text-sm font-semibold tracking-[0.16em] text-accent uppercase">
            <LockIcon className="size-4" />
            Owner’s area
          </p>
          <h1 className="mt-3 text-3xl font-semibold tracking-tight">{title}</h1>
          <p className="mt-2 text-fg-muted">{lead}</p>
          {children}
        </div>
      </main>
    </>
  );
}

export const SECONDARY_BUTTON =
  'inline-flex h-12 items-center justify-center rounded-full border border-border bg-bg px-6 text-[0.9375rem] font-medium shadow-xs transition-colors hover:bg-bg-subtle disabled:opacity-60';
export const PRIMARY_BUTTON =
  'inline-flex h-12 items-center justify-center rounded-full bg-accent px-6 text-[0.9375rem] font-medium text-accent-fg shadow-sm transition-colors hover:bg-accent-hover disabled:opacity-60';
