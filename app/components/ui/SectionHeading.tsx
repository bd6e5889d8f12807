import type { ReactNode } from 'react';

/** Eyebrow + heading + optional intro, used by every home section (`level` h1: the section is a page of its own). */
export function SectionHeading({
  id,
  eyebrow,
  title,
  level: Heading = 'h2',
  children,
}: {
  id: string;
  eyebrow: string;
  title: string;
  level?: 'h1' | 'h2';
  children?: ReactNode;
}) {
  return (
    <div className="max-w-2xl">
      <p className="text-sm font-semibold tracking-[0.16em] text-accent uppercase">{eyebrow}</p>
      <Heading id={id} className="mt-3 text-3xl font-semibold tracking-[-0.025em] text-balance sm:text-4xl">
        {title}
      </Heading>
      {children ? <div className="mt-4 text-lg leading-relaxed text-pretty text-fg-muted">{children}</div> : null}
    </div>
  );
}
