import type { ReactNode } from 'react';
import { z } from 'zod';
import { text } from './props';

/** A user's or stakeholder's words, with who said them. */
export const quoteProps = z.object({ name: text, role: text.optional() }).strict();

export function Quote({ name, role, children }: z.infer<typeof quoteProps> & { children?: ReactNode }) {
  return (
    <figure data-block="quote" className="story-text relative my-12 border-l-2 border-accent pl-6 sm:my-14 sm:pl-8">
      <blockquote className="text-xl leading-snug font-medium tracking-tight text-balance text-fg sm:text-2xl [&>p]:my-0 [&>p+p]:mt-3">
        {children}
      </blockquote>
      <figcaption className="mt-4 text-sm text-fg-muted">
        <span className="font-semibold text-fg">{name}</span>
        {role ? <span>, {role}</span> : null}
      </figcaption>
    </figure>
  );
}
