import { prepareImage } from './prepare-image';
import { type VideoKind } from '~/editing/uploads/video-formats';
import { prepareVideo } from './prepare-video';

/**
 * Sends an image to the editor's upload route (built by the lead, contract in
 * editor-plan.md). The server names and places the file; the browser only
 * says which document it belongs to, after making a large photo the size the
 * site uses (prepare-image.ts). Same-origin credentials: the owner's session
 * cookie goes, and the browser sends the Origin header the server checks.
 */
export type UploadAnswer = { ok: true; src: string; alt: string; note?: string } | { ok: false; error: string };

export const UPLOAD_URL = '/admin/content/api/upload';

export type Posted = { status: number; json: unknown } | { dropped: true };

/**
 * A multipart POST that reports how much of it is sent (fetch cannot say):
 * `onProgress` gets "Uploading… 40 %".
 */
export function postForm(url: string, body: FormData, onProgress: (text: string) => void = () => undefined): Promise<Posted> {
  return new Promise((resolve) => {
    const request = new XMLHttpRequest();
    request.open('POST', url);
    request.withCredentials = true;
    request.setRequestHeader('Accept', 'application/json');
    request.upload.addEventListener('progress', (event) => {
      if (event.lengthComputable && event.total > 0) onProgress(`Uploading… ${Math.floor((event.loaded / event.total) * 100)} %`);
    });
    request.addEventListener('load', () => {
      let json: unknown = null;
      try {
        json = JSON.parse(request.responseText);
      } catch {
        json = null;
      }
      resolve({ status: request.status, json });
    });
    request.addEventListener('error', () => resolve({ dropped: true }));
    request.addEventListener('abort', () => resolve({ dropped: true }));
    onProgress('Uploading…');
    request.send(body);
  });
}

export async function uploadImage(documentPath: string, file: File, alt: string, onStep?: (text: string) => void): Promise<UploadAnswer> {
  const prepared = await prepareImage(file, onStep);
  if (!prepared.ok) return prepared;
  const body = new FormData();
  body.set('document', documentPath);
  body.set('file', prepared.file);
  body.set('alt', alt);
  const posted = await postForm(UPLOAD_URL, body, onStep);
  if ('dropped' in posted) return { ok: false, error: 'The upload did not reach the server. Check the connection and try again.' };
  const answer = posted.json as UploadAnswer | null;
  if (answer && typeof answer === 'object' && 'ok' in answer)
    return answer.ok && prepared.note ? { ...answer, note: prepared.note } : answer;
  return { ok: false, error: 'The image could not be uploaded. Try again in a minute.' };
}

/**
 * Sends a video for a Video block's MP4 or WebM field. One over the limit,
 * or a QuickTime movie, is made smaller in the browser first
 * (prepare-video.ts); where the browser cannot, it is refused here, before a
 * byte is sent (the server checks again).
 */
export async function uploadVideo(
  documentPath: string,
  file: File,
  kind: VideoKind,
  onStep?: (text: string) => void,
): Promise<UploadAnswer> {
  const prepared = await prepareVideo(file, kind, onStep);
  if (!prepared.ok) return prepared;
  const body = new FormData();
  body.set('document', documentPath);
  body.set('file', prepared.file);
  body.set('video', kind);
  const posted = await postForm(UPLOAD_URL, body, onStep);
  if ('dropped' in posted) return { ok: false, error: 'The upload did not reach the server. Check the connection and try again.' };
  const answer = posted.json as UploadAnswer | null;
  if (answer && typeof answer === 'object' && 'ok' in answer)
    return answer.ok && prepared.note ? { ...answer, note: prepared.note } : answer;
  return { ok: false, error: 'The video could not be uploaded. Try again in a minute.' };
}
