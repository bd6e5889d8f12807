/**
 * Sends an image to the editor's upload route (built by the lead, contract in
 * editor-plan.md). The server names and places the file; the browser only
 * says which document it belongs to. Same-origin credentials: the owner's
 * session cookie goes, and fetch sends the Origin header the server checks.
 */
export type UploadAnswer = { ok: true; src: string; alt: string } | { ok: false; error: string };

export const UPLOAD_URL = '/admin/content/api/upload';

export async function uploadImage(documentPath: string, file: File, alt: string): Promise<UploadAnswer> {
  const body = new FormData();
  body.set('document', documentPath);
  body.set('file', file);
  body.set('alt', alt);
  let response: Response;
  try {
    response = await fetch(UPLOAD_URL, { method: 'POST', body, credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    return { ok: false, error: 'The upload did not reach the server. Check the connection and try again.' };
  }
  const answer = (await response.json().catch(() => null)) as UploadAnswer | null;
  if (answer && typeof answer === 'object' && 'ok' in answer) return answer;
  return { ok: false, error: `The server answered ${response.status} without saying why. Try again.` };
}
