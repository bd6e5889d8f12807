import { readSmallForm } from '~/http/form.server';

/**
 * The edit form as posted: its fields in order (fromForm reads list items in
 * the order they come), the button pressed, the version it was opened from and
 * the commit message. A body is at most a few hundred KB of MDX; 2 MB leaves
 * room without letting a stranger's POST fill memory (the owner guard has
 * already checked the session and Origin).
 */

export const MAX_EDIT_FORM_BYTES = 2 * 1024 * 1024;

export type EditForm = {
  entries: [string, FormDataEntryValue][];
  intent: string;
  baseBlobId: string | null;
  message: string;
  path: string;
  /** When the page captured the text, by the browser's clock (set by its script; null without JavaScript): drafts/texts.server.ts orders saves by it. */
  typedAt: number | null;
};

export async function readEditForm(request: Request): Promise<EditForm | { refused: string; status: number }> {
  const form = await readSmallForm(request, MAX_EDIT_FORM_BYTES);
  if (form === 413) return { refused: 'That edit is too large to keep (over 2 MB).', status: 413 };
  if (typeof form === 'number') return { refused: 'That request could not be read.', status: form };
  const intent = String(form.get('intent') ?? 'save');
  const base = String(form.get('_baseBlobId') ?? '');
  const message = String(form.get('_message') ?? '')
    .trim()
    .slice(0, 2000);
  const typedAt = Number(form.get('_typedAt') ?? '');
  const entries = [...form.entries()].filter(([name]) => name !== 'intent' && !name.startsWith('_'));
  return {
    entries,
    intent,
    baseBlobId: /^[0-9a-f]{40}$/.test(base) ? base : null,
    message,
    path: String(form.get('_path') ?? ''),
    typedAt: Number.isSafeInteger(typedAt) && typedAt > 0 ? typedAt : null,
  };
}
