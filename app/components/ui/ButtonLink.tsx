import { Link } from '@remix-run/react';
import type { MouseEventHandler, ReactNode } from 'react';

const VARIANTS = {
  primary: 'bg-accent text-accent-fg shadow-sm hover:bg-accent-hover',
  secondary: 'border border-border bg-bg text-fg shadow-xs hover:border-fg-muted/50 hover:bg-bg-subtle',
} as const;

type Props = {
  href: string;
  children: ReactNode;
  variant?: keyof typeof VARIANTS;
  onClick?: MouseEventHandler<HTMLAnchorElement>;
};

/** A link styled as a button. Plain in-page anchors stay plain <a> elements. */
export function ButtonLink({ href, children, variant = 'primary', onClick }: Props) {
  const classes = `group inline-flex h-12 items-center justify-center gap-2 rounded-full px-6 text-[0.9375rem] font-medium transition-colors ${VARIANTS[variant]}`;
  return href.startsWith('#') ? (
    <a href={href} onClick={onClick} className={classes}>
      {children}
    </a>
  ) : (
    <Link to={href} onClick={onClick} className={classes}>
      {children}
    </Link>
  );
}
