import { Link } from '@remix-run/react';
import type { LinkReading } from '~/insights/report';
import { EMPTY } from '~/components/admin/kit/Panel';
import { LINK_TONE, StateBadge } from '~/components/admin/kit/StateBadge';
import { When } from '~/components/admin/kit/When';
import { count } from './format';

/** A section a segment, filled up to the furthest one reached. */
function SectionMeter({ reached, sections }: { reached: number; sections: number }) {
  return (
    <span aria-hidden="true" className="flex w-24 shrink-0 gap-0.5">
      {Array.from({ length: Math.max(1, sections) }, (_, i) => (
        <span key={i} className={`h-1.5 flex-1 rounded-full ${i < reached ? 'bg-accent' : 'bg-bg-muted ring-1 ring-border ring-inset'}`} />
      ))}
    </span>
  );
}

/** Each share link: its state, how often and when it was last opened, and how far into each case study its recipient read. */
export function LinkReadings({ links, now }: { links: LinkReading[]; now: string }) {
  if (links.length === 0) {
    return (
      <p className={EMPTY}>
        No share links yet.{' '}
        <Link to="/admin/links" className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover">
          Make one
        </Link>{' '}
        for each recruiter you send private work to.
      </p>
    );
  }
  return (
    <ul className="divide-y divide-border">
      {links.map((link) => (
        <li
          key={link.id}
          data-share-link={link.id}
          className="grid gap-x-8 gap-y-3 py-4 first:pt-0 last:pb-0 md:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]"
        >
          <div className="min-w-0">
            <p className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <span className="min-w-0 font-medium break-words">{link.label}</span>
              <StateBadge tone={LINK_TONE[link.state]}>{link.state}</StateBadge>
            </p>
            <p className="mt-1 text-sm text-fg-muted">
              <span className="font-medium text-fg tabular-nums">{count(link.opens)}</span> {link.opens === 1 ? 'open' : 'opens'}
              {' · '}
              {link.lastOpenedAt ? (
                <>
                  last opened <When at={link.lastOpenedAt} now={now} />
                </>
              ) : (
                'not opened yet'
              )}
            </p>
          </div>
          {link.caseStudies.length === 0 ? (
            <p className="text-sm text-fg-muted md:pt-0.5">No case study opened yet.</p>
          ) : (
            <ul className="grid content-start gap-3">
              {link.caseStudies.map((study) => (
                <li key={study.slug} className="min-w-0 text-sm">
                  <span className="block break-words">{study.title}</span>
                  <span className="mt-1 flex items-center gap-3">
                    <SectionMeter reached={study.furthestSection} sections={study.sections} />
                    <span className="text-xs text-fg-muted">
                      {study.furthestSection > 0
                        ? `furthest section ${study.furthestSection} of ${study.sections}`
                        : `opened, no section reached yet (${study.sections} in all)`}
                    </span>
                  </span>
                </li>
              ))}
            </ul>
          )}
        </li>
      ))}
    </ul>
  );
}
