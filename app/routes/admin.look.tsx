import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { useActionData, useLoaderData } from '@remix-run/react';
import { LookEditor } from '~/components/admin/look/LookEditor';
import { ownerLookAction, ownerLookLoader } from './admin.look.server';

export const loader = ownerLookLoader;
export const action = ownerLookAction;

// The typeface labels, each in its own face: a stylesheet, as the page's CSP allows no style attribute.
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: '/admin/content/api/look-typefaces.css' }];

export const meta: MetaFunction = () => [{ title: 'Your look — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function OwnerLook() {
  const page = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return <LookEditor page={page} answer={answer} />;
}
