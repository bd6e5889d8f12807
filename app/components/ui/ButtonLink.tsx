import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';

const VARIANTS = {
  primary: 'bg-accent text-accent-fg shadow-sm hover:bg-accent-hover',
  secondary: 'border border-border bg-bg text-fg shadow-xs hover:border-fg-muted/50 hover:bg-bg-subtle',
} as const;

type Props = {
  href: string;
  children: ReactNode;
  variant?: keyof typeof VARIANTS;
  /** A link to one of /'s sections that scrolls there smoothly on / (app/islands/home-scroll.ts). */
  scrollLink?: boolean;
};

/** A link styled as a button. Plain in-page anchors stay plain <a> elements. */
export function ButtonLink({ href, children, variant = 'primary', scrollLink = false }: Props) {
  const classes = `group inline-flex h-12 items-center justify-center gap-2 rounded-full px-6 text-[0.9375rem] font-medium transition-colors ${VARIANTS[variant]}`;
  const scroll = scrollLink ? { 'data-scroll-link': true } : {};
  return href.startsWith('#') ? (
    <a href={href} {...scroll} className={classes}>
      {children}
    </a>
  ) : (
    <Link to={href} {...scroll} className={classes}>
      {children}
    </Link>
  );
}
