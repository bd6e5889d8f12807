import type { ReactNode } from 'react';

type Props = { id: string; title: string; children: ReactNode };

/**
 * One resume section: a small uppercase label beside the content from 768 px
 * up, above it on narrow screens.
 */
export function ResumeSection({ id, title, children }: Props) {
  const headingId = `${id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="resume-section grid gap-5 border-t border-border py-10 sm:py-12 md:grid-cols-[10.5rem_minmax(0,1fr)] md:gap-10"
    >
      <h2 id={headingId} className="text-xs leading-5 font-semibold tracking-[0.14em] text-accent uppercase md:pt-0.5">
        {title}
      </h2>
      <div className="min-w-0">{children}</div>
    </section>
  );
}
