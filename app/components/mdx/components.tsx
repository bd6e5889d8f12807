import type { ComponentProps } from 'react';

/**
 * Components the MDX content is rendered with. Rendering happens at build
 * time (app/utils/content/compile.server.ts), so these never ship to the
 * browser and the page needs no eval, which the CSP forbids.
 */

/** `##` headings arrive numbered (data-section) from the build; show the number. */
function NumberedHeading({ children, ...props }: ComponentProps<'h2'> & { 'data-section'?: string }) {
  const number = props['data-section'];
  return (
    <h2 {...props} className="flex items-baseline gap-4">
      {number ? (
        <span className="section-number grid size-9 shrink-0 translate-y-[-2px] place-items-center self-center rounded-full bg-accent-soft text-base font-semibold tabular-nums text-accent-soft-fg">
          {number}
        </span>
      ) : null}
      <span>{children}</span>
    </h2>
  );
}

export const caseStudyComponents = { h2: NumberedHeading };

export const summaryComponents = {
  p: (props: ComponentProps<'p'>) => <p className="text-pretty text-[1.0625rem] leading-relaxed text-fg sm:text-lg [&+p]:mt-4" {...props} />,
  a: (props: ComponentProps<'a'>) => (
    <a className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover" {...props} />
  ),
  strong: (props: ComponentProps<'strong'>) => <strong className="font-semibold" {...props} />,
};
