/** The summary from content/resume.mdx, rendered to HTML at build time. */
export function ResumeSummary({ html }: { html: string }) {
  return <div dangerouslySetInnerHTML={{ __html: html }} />;
}
