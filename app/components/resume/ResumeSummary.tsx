import { getMDXComponent } from 'mdx-bundler/client/index.js';
import { useMemo, type ComponentProps } from 'react';

const components = {
  p: (props: ComponentProps<'p'>) => <p className="text-pretty text-[1.0625rem] leading-relaxed text-fg sm:text-lg [&+p]:mt-4" {...props} />,
  a: (props: ComponentProps<'a'>) => (
    <a className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover" {...props} />
  ),
  strong: (props: ComponentProps<'strong'>) => <strong className="font-semibold" {...props} />,
};

/** The summary from content/resume.mdx, compiled at build time. */
export function ResumeSummary({ code }: { code: string }) {
  const Summary = useMemo(() => getMDXComponent(code), [code]);
  return <Summary components={components} />;
}
