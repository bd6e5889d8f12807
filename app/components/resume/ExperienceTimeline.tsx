import type { Resume } from '~/content/schema';

/** Roles as a vertical timeline: a rule on the left with one marker per role. */
export function ExperienceTimeline({ roles }: { roles: Resume['experience'] }) {
  return (
    <ol className="relative space-y-10 border-l border-border pl-6 sm:pl-8">
      {roles.map((role) => (
        <li key={`${role.company}-${role.title}-${role.years}`} className="resume-role relative">
          <span
            aria-hidden="true"
            className="resume-marker absolute top-[0.55rem] -left-[calc(1.5rem+0.3125rem)] size-2.5 rounded-full bg-accent ring-4 ring-bg sm:-left-[calc(2rem+0.3125rem)]"
          />
          <div className="flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
            <h3 dir="auto" className="text-lg font-semibold tracking-tight text-fg">
              {role.title}
            </h3>
            <p className="shrink-0 text-sm font-medium text-fg-muted tabular-nums">{role.years}</p>
          </div>
          <p className="mt-1 text-[0.9375rem] text-fg-muted">
            <bdi className="font-medium text-fg">{role.company}</bdi>
            <span aria-hidden="true" className="px-2">
              ·
            </span>
            <span className="sr-only">, </span>
            <bdi>{role.location}</bdi>
          </p>
          <ul className="mt-4 space-y-2.5">
            {role.bullets.map((bullet) => (
              <li key={bullet} className="relative pl-5 leading-relaxed text-fg">
                <span aria-hidden="true" className="absolute top-[0.85em] left-0 h-px w-2.5 bg-fg-muted" />
                {bullet}
              </li>
            ))}
          </ul>
        </li>
      ))}
    </ol>
  );
}
