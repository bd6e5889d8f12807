import type { CheckProblem } from '~/editing/content-check/types';
import type { Hunk } from '~/editing/documents/line-diff';

/**
 * What the editor's Publish answers (publish-document.server.ts), as the
 * edit page shows it. A plain module, so the page's components read its
 * shape without naming server code.
 */

export type ContentProblem = CheckProblem;

export type SaveResult =
  | { status: 'published'; commit: string; pushed: boolean; warning?: string; live: LiveNote }
  | { status: 'unchanged' }
  | { status: 'conflict'; path: string; theirs: string | null; mine: string; hunks: Hunk[] }
  | { status: 'invalid'; reason: string; problems: ContentProblem[] }
  /** `exposed`: refused because it would put private work where anyone can read it (the reason says how to fix that). */
  | { status: 'failed'; reason: string; exposed?: true }
  | { status: 'read-only'; reason: string };

/** When and where the change shows. */
export type LiveNote = { when: string; href: string | null };
