/**
 * One thing the site still holds of the sample designer, as "Make it yours"
 * lists it (found by sample-leftovers.server.ts). A plain module: the list's
 * component reads its shape without naming server code.
 */
export type SampleItem = {
  /** Stable per entry: "site.email", "resume.experience.1", "case-study.office-depot". */
  id: string;
  /** What is still the sample's, in the designer's words. */
  what: string;
  /** The file it lives in, as the content list names it. */
  where: string;
  /** The editor page, with the field's anchor where there is one. */
  href: string;
  /** What to do, when editing the field is not the whole answer. */
  hint?: string;
  /** A sample case study: its file, which the list can delete. */
  deletePath?: string;
};
