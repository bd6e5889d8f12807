import type { CheckProblem } from '~/editing/content-check/types';
import type { FieldDifference } from '~/editing/documents/conflict.server';
import type { ParagraphChange } from '~/editing/documents/paragraphs';

/**
 * What the editor's Publish answers (publish-document.server.ts), as the
 * edit page shows it. A plain module, so the page's components read its
 * shape without naming server code.
 */

export type ContentProblem = CheckProblem;

export type SaveResult =
  | { status: 'published'; commit: string; pushed: boolean; warning?: string; live: LiveNote }
  | { status: 'unchanged' }
  /**
   * Changed elsewhere meanwhile: the fields and story paragraphs where hers and the published differ (`deleted`: the
   * page was deleted there; `image`: one of her new images has a name that was published meanwhile).
   */
  | { status: 'conflict'; fields: FieldDifference[]; story: ParagraphChange[]; deleted: boolean; image?: true }
  | { status: 'invalid'; reason: string; problems: ContentProblem[] }
  /** `exposed`: refused because it would put private work where anyone can read it (the reason says how to fix that). */
  | { status: 'failed'; reason: string; exposed?: true }
  | { status: 'read-only'; reason: string };

/** When and where the change shows. */
/** Where the change shows, and the link to it (`linkText` when it is not the page itself). */
export type LiveNote = { when: string; href: string | null; linkText?: string };

/** The HTTP status each outcome of a publish answers with, whichever page published. */
export const SAVE_RESULT_HTTP_STATUS: Record<SaveResult['status'], number> = {
  published: 200,
  unchanged: 200,
  conflict: 409,
  invalid: 422,
  failed: 502,
  'read-only': 409,
};
