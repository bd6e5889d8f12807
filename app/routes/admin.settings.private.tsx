import type { MetaFunction } from '@remix-run/node';
import { Link, useActionData, useLoaderData } from '@remix-run/react';
import { Panel } from '~/components/admin/kit/Panel';
import { PrivatePasswordForm } from '~/components/admin/private/PrivatePasswordForm';
import { RepositoryVisibilityNote } from '~/components/admin/publishing/RepositoryVisibility';
import { ownerPrivateAction, ownerPrivateLoader } from './admin.settings.private.server';

export const loader = ownerPrivateLoader;
export const action = ownerPrivateAction;

export const meta: MetaFunction = () => [
  { title: 'Private case studies — Settings — Owner’s area' },
  { name: 'robots', content: 'noindex' },
];

const LINK = 'font-medium text-accent underline-offset-4 hover:underline';

/** The password of private case studies, which ones it opens, and where they are kept. */
export default function OwnerPrivateWork() {
  const { password, visibility, privateCaseStudies, now } = useLoaderData<typeof loader>();
  const answer = useActionData<typeof action>();
  return (
    <>
      <p className="max-w-2xl text-fg-muted">
        A private case study shows its card to everyone, and its page only to people who have its password or a share link from you. Make a
        case study private in the editor, with its Private setting.
      </p>
      <div className="mt-6 grid items-start gap-5 lg:grid-cols-5">
        <Panel title="Password" id="password-title" className="lg:col-span-3">
          <div id="private-password">
            <PrivatePasswordForm state={password} answer={answer} now={now} />
          </div>
        </Panel>
        <Panel title="Where they are kept" id="kept-title" className="lg:col-span-2">
          <div className="grid gap-3 text-[0.9375rem]">
            <p>
              Your case studies, private ones and their images included, are saved with the rest of your site’s files, in its repository.
              Your site asks for the password, but anyone who can read the repository can read them there: keep it private.
            </p>
            {visibility ? <RepositoryVisibilityNote visibility={visibility} showPrivate /> : null}
            {privateCaseStudies.length ? (
              <div>
                <h3 className="text-sm font-medium text-fg-muted">Private now</h3>
                <ul className="mt-1 grid gap-1">
                  {privateCaseStudies.map((study) => (
                    <li key={study.slug} className="flex flex-wrap items-baseline justify-between gap-x-3">
                      <a href={study.href} className={LINK}>
                        {study.title}
                      </a>
                      <Link to={study.edit} className="text-sm text-fg-muted underline-offset-4 hover:text-accent hover:underline">
                        Edit
                      </Link>
                    </li>
                  ))}
                </ul>
              </div>
            ) : (
              <p className="text-fg-muted">No case study is private yet.</p>
            )}
          </div>
        </Panel>
      </div>
      <p className="mt-8 max-w-2xl text-sm text-fg-muted">
        To send your work to one person without a password, make them a{' '}
        <Link to="/admin/links" className={LINK}>
          share link
        </Link>
        : you see when it is opened, and you can end it at any time.
      </p>
    </>
  );
}
