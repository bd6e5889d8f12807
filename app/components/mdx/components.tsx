import type { ComponentProps } from 'react';
import { BLOCKS } from './blocks';
import { LAYOUT_SIZES, useStoryImage } from './media';
import { StoryPicture } from './StoryPicture';

/**
 * Components the MDX content is rendered with. Rendering happens at build
 * time (pipeline/content/compile.ts), so these never ship to the
 * browser and the page needs no eval, which the CSP forbids.
 */

/**
 * `##` headings arrive numbered (data-section) from the build; show the number.
 * The badge is centred on the heading's first line (2 px high, on the capitals'
 * optical centre), so a heading that wraps keeps its number beside its start.
 */
function NumberedHeading({ children, ...props }: ComponentProps<'h2'> & { 'data-section'?: string }) {
  const number = props['data-section'];
  return (
    <h2 {...props} className="mt-16 mb-6 flex items-baseline gap-4 text-2xl font-semibold tracking-tight text-fg first:mt-0 sm:text-3xl">
      {number ? (
        <span className="section-number -mt-1 grid size-9 shrink-0 place-items-center self-start rounded-full sm:-mt-0.5 bg-accent-soft text-base font-semibold tabular-nums text-accent-soft-fg">
          {number}
        </span>
      ) : null}
      <span>{children}</span>
    </h2>
  );
}

/** A Markdown image inside a sentence (one alone in its paragraph becomes a Figure). */
function InlineImage({ src = '', alt = '' }: ComponentProps<'img'>) {
  return <StoryPicture image={useStoryImage(src)} alt={alt} sizes={LAYOUT_SIZES.text} className="inline w-auto max-w-full align-middle" />;
}

const blockComponents = Object.fromEntries(Object.entries(BLOCKS).map(([name, block]) => [name, block.component]));

/**
 * The story's typography, as classes on the rendered elements (cheaper than a
 * prose stylesheet: these utilities are mostly used elsewhere already).
 */
export const caseStudyComponents = {
  h2: NumberedHeading,
  h3: (props: ComponentProps<'h3'>) => <h3 className="mt-10 mb-3 text-xl font-semibold tracking-tight text-fg" {...props} />,
  p: (props: ComponentProps<'p'>) => <p className="my-5 text-pretty" {...props} />,
  ul: (props: ComponentProps<'ul'>) => <ul className="my-5 list-disc space-y-2 pl-6 marker:text-fg-muted" {...props} />,
  ol: (props: ComponentProps<'ol'>) => <ol className="my-5 list-decimal space-y-2 pl-6 marker:text-fg-muted" {...props} />,
  li: (props: ComponentProps<'li'>) => <li className="pl-1.5" {...props} />,
  strong: (props: ComponentProps<'strong'>) => <strong className="font-semibold text-fg" {...props} />,
  a: (props: ComponentProps<'a'>) => (
    <a className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover" {...props} />
  ),
  blockquote: (props: ComponentProps<'blockquote'>) => (
    <blockquote className="my-8 border-l-4 border-accent pl-5 text-lg text-fg italic [&>p]:my-2" {...props} />
  ),
  hr: (props: ComponentProps<'hr'>) => <hr className="my-12 border-border" {...props} />,
  img: InlineImage,
  ...blockComponents,
};

export const summaryComponents = {
  p: (props: ComponentProps<'p'>) => <p className="text-pretty text-[1.0625rem] leading-relaxed text-fg sm:text-lg [&+p]:mt-4" {...props} />,
  a: (props: ComponentProps<'a'>) => (
    <a className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover" {...props} />
  ),
  strong: (props: ComponentProps<'strong'>) => <strong className="font-semibold" {...props} />,
};
