import { Link, useRouteLoaderData } from '@remix-run/react';
import { ArrowLeftIcon } from '~/components/ui';
import type { HomeNav } from '~/content/home-sections';

/** Back to her case studies on the home page; where she hides them there, back to the home page itself. */
export function BackToCaseStudies() {
  const root = useRouteLoaderData<{ site?: { nav?: HomeNav } }>('root');
  const shown = root?.site?.nav?.caseStudies ?? true;
  return (
    <Link
      to={shown ? '/#work' : '/'}
      className="group inline-flex items-center gap-2 rounded-md text-sm font-medium text-fg-muted transition-colors hover:text-fg"
    >
      <ArrowLeftIcon className="size-4 transition-transform group-hover:-translate-x-0.5" />
      {shown ? 'Back to Case Studies' : 'Back to Home'}
    </Link>
  );
}
