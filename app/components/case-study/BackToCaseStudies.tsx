import { Link } from '@remix-run/react';
import { ArrowLeftIcon } from '~/components/ui';

export function BackToCaseStudies() {
  return (
    <Link
      to="/#work"
      className="group inline-flex items-center gap-2 rounded-md text-sm font-medium text-fg-muted transition-colors hover:text-fg"
    >
      <ArrowLeftIcon className="size-4 transition-transform group-hover:-translate-x-0.5" />
      Back to Case Studies
    </Link>
  );
}
