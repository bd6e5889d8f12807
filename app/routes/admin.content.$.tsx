import type { LinksFunction, MetaFunction } from '@remix-run/node';
import { Form, Link, useActionData, useLoaderData, useLocation } from '@remix-run/react';
import { BUTTON } from '~/components/admin/content/buttons';
import { ContentEditor } from '~/components/admin/content/ContentEditor';
import { bodyEditorLinks } from '~/components/admin/editor/stylesheet';
import { KIND_LABEL } from '~/editing/documents/kinds';
import { contentEditorAction, contentEditorLoader } from './admin.content.$.server';

export const loader = contentEditorLoader;
export const action = contentEditorAction;

// MDXEditor's stylesheet and the story's look inside it: linked on this page only.
export const links: LinksFunction = bodyEditorLinks;

export const meta: MetaFunction<typeof loader> = ({ data }) => [
  { title: `${data && !data.notFound ? `Edit ${data.editor.title ?? KIND_LABEL[data.editor.kind]}` : 'Not found'} — Owner’s area` },
  { name: 'robots', content: 'noindex' },
];

const NOTICES: Record<string, string> = {
  saved: 'Draft saved.',
  unchanged: 'Nothing changed, so no draft is kept: this is the published version.',
  reapplied: 'Your changes are now on top of the published version. Check the page below, then publish.',
  'kept-mine': 'Your version is kept as the draft. Publishing it replaces the version published in the meantime.',
  discarded: 'Draft discarded: this is the published version.',
  undone: 'Your draft is back, as you left it.',
  'undo-expired':
    'That draft can’t be brought back any more: a discarded draft is kept only a short while, and not once the page is edited again.',
  created: 'New case study, kept as a draft. Fill in its details, then publish: it starts as “coming soon”.',
  restored: 'Restored: that version is back on the site, as the newest in the history.',
  'password-saved': 'Password saved. Anyone who unlocked with an earlier password has to enter this one.',
  'password-removed': 'Password removed. Private pages now say how to ask you for access; share links still open them.',
};

export default function EditContent() {
  const data = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  // useLocation, not useSearchParams: a hook no public route uses would grow the chunk every page shares (docs/decisions/public-pages-untouched-by-the-owner.md).
  const params = new URLSearchParams(useLocation().search);
  if (data.notFound && data.undoable) {
    return (
      <section className="max-w-xl py-10" data-undo-discard>
        <h1 className="text-2xl font-semibold tracking-tight">Draft discarded</h1>
        <p className="mt-2 text-fg-muted">
          This page was never published, so nothing of it is left. You can bring it back for a few minutes.
        </p>
        <Form method="post" reloadDocument className="mt-4">
          <button type="submit" name="intent" value="undo-discard" className={BUTTON}>
            Undo
          </button>
        </Form>
      </section>
    );
  }
  if (data.notFound) {
    return (
      <section className="max-w-xl py-10">
        <h1 className="text-2xl font-semibold tracking-tight">No such content file</h1>
        <p className="mt-2 text-fg-muted">
          The editor opens the site details, the resume and the case studies.{' '}
          <Link to="/admin/content" className="font-medium text-accent underline-offset-4 hover:underline">
            Pick one from the list
          </Link>
          .
        </p>
      </section>
    );
  }
  const result = answer && 'result' in answer ? answer.result : undefined;
  // The address's note told what happened before this page's own answer (a publish): once that has come, it is out of date.
  const notice = result ? undefined : Object.keys(NOTICES).find((key) => params.has(key));
  // After a conflict's merge, the note typed for the refused publish comes back in the address, for the next publish.
  const message = answer && 'message' in answer ? answer.message : (params.get('note')?.slice(0, 2000) ?? undefined);
  return (
    <ContentEditor
      editor={data.editor}
      now={data.now}
      result={result}
      message={message}
      notice={notice ? NOTICES[notice] : undefined}
      undo={notice === 'discarded' && data.editor.undoable}
      uploaded={data.uploaded ?? undefined}
      uploadError={params.get('upload-error') ?? undefined}
    />
  );
}
