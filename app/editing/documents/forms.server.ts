import type { DocumentKind } from './kinds';
import { caseStudyForm, pageForm, resumeForm, siteForm, type Field } from './fields';

/** Each kind of file's form, generated from the schema the build checks it with (fields.ts). */
export const FORMS: Record<DocumentKind, Field> = { site: siteForm, resume: resumeForm, 'case-study': caseStudyForm, page: pageForm };
