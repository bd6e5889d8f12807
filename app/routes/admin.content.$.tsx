import type { HeadersFunction, LinksFunction, MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import { BodyEditor } from '~/components/admin/editor/BodyEditor';
import { bodyEditorLinks } from '~/components/admin/editor/stylesheet';
import { contentStandInLoader } from '~/loaders/owner-content-stand-in.server';

/**
 * STAND-IN (feat/editor-body): the edit form's contract (editor-plan.md) with
 * only the body, for the body editor's tests. The lead's real route replaces
 * this file; it keeps `links` and mounts <BodyEditor> the same way.
 */
export const loader = contentStandInLoader;

export const links: LinksFunction = bodyEditorLinks;

export const headers: HeadersFunction = ({ loaderHeaders }) => loaderHeaders;

export const meta: MetaFunction = () => [{ title: 'Edit — Owner’s area' }, { name: 'robots', content: 'noindex' }];

export default function EditContent() {
  const { documentPath, body, blocks } = useLoaderData<typeof loader>();
  return (
    <>
      <h1 className="text-3xl font-semibold tracking-tight">{documentPath}</h1>
      <form method="post" data-editor-form className="mt-8 grid gap-6">
        <BodyEditor key={documentPath} defaultValue={body} documentPath={documentPath} blocks={blocks} />
      </form>
    </>
  );
}
