import type { PrivatePasswordState } from '~/access/private-case-study';
import type { ContentItem } from '~/editing/content-list/catalog.server';
import type { DeletedCaseStudy } from '~/editing/content-list/recently-deleted.server';
import type { Field } from '~/editing/documents/fields';
import type { FormValue } from '~/editing/documents/form-values';
import type { DocumentKind } from '~/editing/documents/kinds';
import type { Hunk } from '~/editing/documents/line-diff';
import type { ModeSummary } from '~/editing/open.server';
import type { SampleItem } from '~/editing/setup/sample-item';

/**
 * What the content screens are given by their routes (routes/admin.content*):
 * written out here, so a screen names no route module; the routes pass their
 * loaders' data in, and the compiler holds the two to the same shape.
 */

/** One row of the list: a file as the catalog reads it, less what only the server needs, with its last change and draft. */
export type ListItem = Omit<ContentItem, 'assets' | 'blobId' | 'lastChange'> & {
  lastChange?: { date: string; byYou: boolean };
  href: string;
  /** When its draft was last saved, if it has one. */
  draft: string | null;
};

/** /admin/content's page. */
export type ContentListView = {
  mode: ModeSummary;
  problem: string | null;
  items: ListItem[];
  /** New case studies and pages, kept as drafts until their first publish. */
  newOnes: { path: string; href: string; title: string; updatedAt: string; kind: DocumentKind | null }[];
  sampleLeftovers: SampleItem[] | null;
  /** Case studies a recent commit deleted, newest first, each restorable in one commit. */
  deleted: DeletedCaseStudy[];
  confirming: string | null;
  now: string;
};

/** What the list's actions say back. */
export type ListActionData = {
  error?: string;
  title?: string;
  /** Which form the answer is for: 'page' is New page's, 'rename' a page's Change address. */
  form?: 'page' | 'rename';
  /** For 'rename': the page, and the address she typed. */
  path?: string;
  slug?: string;
};

export type HistoryEntry = { commit: string; date: string; author: string; message: string; hunks: Hunk[]; added: number; removed: number };

/** A file's history page. */
export type HistoryView = { path: string | null; title: string | null; entries: HistoryEntry[]; error: string | null; now: string };

/** One file in the editor (routes/admin.content.$.server.ts, loadEditor). */
export type EditorView = {
  path: string;
  kind: DocumentKind;
  href: string;
  title: string | null;
  form: Field;
  values: Record<string, FormValue>;
  body: string;
  baseBlobId: string | null;
  /** The form is remade (fresh inputs) whenever the text it shows changed on the server. */
  formKey: string;
  draft: { updatedAt: string } | null;
  /** Its draft was just discarded and can still be brought back (editing/drafts/discarded.server.ts). */
  undoable: boolean;
  opened: { blobId: string } | null;
  unreachable: string | null;
  mode: ModeSummary;
  problem: { message: string; line?: number } | null;
  /** The body editor's script (built apart from the pages', scripts/editor-bundle.ts), or null when it was not built. */
  editorScript: string | null;
  /** A case study's: where the password of private case studies stands, shown beside its Private setting; null for other files. */
  privatePassword: PrivatePasswordState | null;
};
