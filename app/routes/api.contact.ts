import type { ActionFunctionArgs } from '@remix-run/node';
import { handleContactAction } from '~/contact/action.server';

/**
 * The contact form sent in place (app/islands/contact.ts): the home page's
 * own action (app/routes/_index.tsx), its answer as JSON with the same
 * status. Never stored. A GET is refused (405): there is nothing to read.
 */
export async function action(args: ActionFunctionArgs) {
  const { data, init } = await handleContactAction(args);
  const headers = new Headers(init?.headers);
  headers.set('Cache-Control', 'no-store');
  return Response.json(data, { ...init, headers });
}
