/** The new-link form's values and what its action says back (routes/admin.links.server.ts). */

export type NewLinkValues = { label: string; scope: 'all' | 'some'; caseStudies: string[]; days: string; notify: boolean };
export type NewLinkErrors = Partial<Record<'label' | 'caseStudies' | 'days', string>>;
export type LinksActionData = { errors: NewLinkErrors; values: NewLinkValues } | { done: string };
