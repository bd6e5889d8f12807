import type { Context } from '@netlify/functions';
import sendEmail from '../../../netlify/functions/send-email';

/** A JSON POST to the send-email function, called in this process as Netlify calls it, with the shared secret. */
export function postToSendEmail(body: unknown, secret: string): Promise<Response> {
  const request = new Request('http://localhost/.netlify/functions/send-email', {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${secret}` },
    body: JSON.stringify(body),
  });
  return sendEmail(request, {} as Context);
}
