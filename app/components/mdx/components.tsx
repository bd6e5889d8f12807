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
 * The badge is centred on the heading's first line, so a heading that wraps
 * keeps its number beside its start (story.css, .section-number).
 */
function NumberedHeading({ children, ...props }: ComponentProps<'h2'> & { 'data-section'?: string }) {
  const number = props['data-section'];
  return (
    <h2 {...props}>
      {number ? <span className="section-number">{number}</span> : null}
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
 * The story's Markdown is plain HTML; its typography is in story.css (the
 * case-study route's own stylesheet), which keeps the page, and the same
 * story in the page's hydration data, small.
 */
export const caseStudyComponents = {
  h2: NumberedHeading,
  img: InlineImage,
  ...blockComponents,
};

export const summaryComponents = {
  p: (props: ComponentProps<'p'>) => (
    <p className="text-[1.0625rem] leading-relaxed text-pretty text-fg sm:text-lg [&+p]:mt-4" {...props} />
  ),
  a: (props: ComponentProps<'a'>) => (
    <a className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover" {...props} />
  ),
  strong: (props: ComponentProps<'strong'>) => <strong className="font-semibold" {...props} />,
};
