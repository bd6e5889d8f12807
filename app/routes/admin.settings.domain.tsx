import type { MetaFunction } from '@remix-run/node';
import { useLoaderData } from '@remix-run/react';
import type { ReactNode } from 'react';
import { Panel } from '~/components/admin/kit/Panel';
import { When } from '~/components/admin/kit/When';
import { ownerDomainSettingsLoader } from './admin.settings.domain.server';

export const loader = ownerDomainSettingsLoader;

export const meta: MetaFunction = () => [{ title: 'Your domain — Settings — Owner’s area' }, { name: 'robots', content: 'noindex' }];

/** Netlify's load balancer, the address its own steps give for a domain's bare name. */
const NETLIFY_IP = '75.2.60.5';

/** Where the site answers now, and the steps to give it an address of her own, in Netlify's words where she clicks. */
export default function DomainSettings() {
  const { url, domain, local, fromSetting, noticedAt, freeHost, now } = useLoaderData<typeof loader>();
  const example = domain ?? 'yourname.com';
  const bare = example.replace(/^www\./, '');
  const target = freeHost ?? 'your-site.netlify.app';
  return (
    <div className="grid items-start gap-5 lg:grid-cols-5">
      <Panel title="Your address" id="domain-status-title" className="min-w-0 lg:col-span-2">
        <div data-domain-settings={domain ? 'own' : 'free'} className="grid gap-3 text-[0.9375rem]">
          {domain ? (
            <p data-site-answers-at={url}>
              Your site answers at{' '}
              <a href={url} className="font-medium break-all text-accent underline-offset-4 hover:underline">
                {url}
              </a>
              .
            </p>
          ) : local ? (
            <p data-site-answers-at={url}>
              On this computer, your site answers at <span className="font-medium break-all">{url}</span>. Once it is on Netlify, follow the
              steps to give it an address of your own.
            </p>
          ) : (
            <p data-site-answers-at={url}>
              Your site answers at <span className="font-medium break-all">{url}</span>, a free address. Follow the steps to use your own.
            </p>
          )}
          {domain ? (
            <p className="text-sm text-fg-muted">
              Links shared on LinkedIn, search results, your share links and the address your mail comes from all use it.
              {noticedAt ? (
                <>
                  {' '}
                  Noticed <When at={noticedAt} now={now} />.
                </>
              ) : null}
            </p>
          ) : null}
          {fromSetting ? (
            <p className="text-sm text-fg-muted">
              This address is written in Netlify’s settings (SITE_URL), which always win. To let the site follow your domain by itself,
              remove it in Netlify and start a new deploy.
            </p>
          ) : null}
        </div>
      </Panel>
      <Panel title="Use your own domain" id="domain-steps-title" className="min-w-0 lg:col-span-3">
        <ol className="grid list-decimal gap-4 pl-5 text-[0.9375rem] marker:font-semibold" data-domain-steps>
          <li>
            <Step title="Get a domain">
              Buy one from any domain seller (Namecheap, Porkbun, Squarespace Domains and others), or use one you already have.
            </Step>
          </li>
          <li>
            <Step title="Add it in Netlify">
              Open your site in Netlify, then <Where>Domain management → Add a domain</Where>. Type <Strong>{bare}</Strong> and confirm that
              you own it. Netlify adds the www version too.
            </Step>
          </li>
          <li>
            <Step title="Point it at Netlify">
              Where you bought the domain, open its DNS settings and add these two records, replacing any that are there for the same names:
              <div className="mt-3 overflow-x-auto rounded-xl border border-border">
                <table className="w-full min-w-[16rem] text-left text-sm">
                  <thead className="bg-bg-muted text-fg-muted">
                    <tr>
                      {['Type', 'Name', 'Value'].map((heading) => (
                        <th key={heading} scope="col" className="px-3 py-2 font-medium">
                          {heading}
                        </th>
                      ))}
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-border font-mono text-[0.8125rem]">
                    {[
                      ['A', '@', NETLIFY_IP],
                      ['CNAME', 'www', target],
                    ].map(([type, name, value]) => (
                      <tr key={type}>
                        <td className="px-3 py-2">{type}</td>
                        <td className="px-3 py-2">{name}</td>
                        <td className="px-3 py-2 break-all">{value}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
              <span className="mt-2 block text-sm text-fg-muted">
                Netlify shows the same records under <Where>Domain management</Where>, next to your domain. Or choose{' '}
                <Where>Set up Netlify DNS</Where> there and copy its four name servers to your domain seller instead. Changes take from a
                few minutes to a day.
              </span>
            </Step>
          </li>
          <li>
            <Step title="The padlock">
              Once the records work, Netlify makes your site’s security certificate (the padlock) by itself, for free. If it waits, open{' '}
              <Where>Domain management → HTTPS</Where> and click <Where>Verify DNS configuration</Where>.
            </Step>
          </li>
          <li>
            <Step title="Open your site at its new address">
              Visit https://{bare} once. The site notices it, with no new deploy, and this page says so.
            </Step>
          </li>
        </ol>
      </Panel>
    </div>
  );
}

function Step({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <p className="font-semibold">{title}</p>
      <div className="mt-1 text-fg-muted">{children}</div>
    </>
  );
}

/** A place in Netlify's or her domain seller's screens, as they name it. */
function Where({ children }: { children: ReactNode }) {
  return <span className="font-medium text-fg">{children}</span>;
}

function Strong({ children }: { children: ReactNode }) {
  return <span className="font-medium text-fg">{children}</span>;
}
