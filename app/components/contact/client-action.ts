import type { ClientActionFunctionArgs } from '@remix-run/react';
import { CONTACT_TEXT, type ContactActionData } from '~/contact/form';

/**
 * The `/` route's clientAction (JavaScript on only; a no-JS POST goes straight
 * to the server action). Its one job: when the request never reaches the
 * server (offline, connection reset), Remix would otherwise hand the error to
 * the route's error boundary and replace the page, taking the visitor's text
 * with it. Here it becomes the same error answer the server gives, so the form
 * shows the error toast and keeps what was typed.
 */
export async function contactClientAction({ serverAction }: ClientActionFunctionArgs): Promise<ContactActionData> {
  try {
    return await serverAction<ContactActionData>();
  } catch {
    // The fields stay in the DOM, so nothing needs echoing back.
    return {
      status: 'error',
      error: CONTACT_TEXT.errorBody,
      code: 'network',
      values: { firstName: '', lastName: '', email: '', message: '' },
    };
  }
}
