import type { Resume } from '~/content/schema';

/** Each skill group as a short heading and a list of chips. */
export function SkillGroups({ groups }: { groups: Resume['skills'] }) {
  return (
    <div className="space-y-7">
      {groups.map((group) => (
        <div key={group.group}>
          <h3 className="text-sm font-semibold text-fg">{group.group}</h3>
          <ul className="mt-3 flex flex-wrap gap-2">
            {group.items.map((item) => (
              <li key={item} className="resume-chip rounded-full border border-border bg-bg-subtle px-3 py-1 text-sm leading-6 text-fg">
                {item}
              </li>
            ))}
          </ul>
        </div>
      ))}
    </div>
  );
}
