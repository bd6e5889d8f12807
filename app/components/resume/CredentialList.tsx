type Item = { key: string; title: string; detail: string; aside?: string };

/** A plain list for education, certifications and languages. */
export function CredentialList({ items, columns = false }: { items: Item[]; columns?: boolean }) {
  return (
    <ul className={columns ? 'grid gap-5 sm:grid-cols-2 sm:gap-x-10' : 'space-y-5'}>
      {items.map((item) => (
        <li key={item.key} className="resume-role flex flex-col gap-1 sm:flex-row sm:items-baseline sm:justify-between sm:gap-6">
          <div>
            <h3 dir="auto" className="font-semibold text-fg">
              {item.title}
            </h3>
            <p dir="auto" className="mt-0.5 text-[0.9375rem] text-fg-muted">
              {item.detail}
            </p>
          </div>
          {item.aside ? <p className="shrink-0 text-sm font-medium text-fg-muted tabular-nums">{item.aside}</p> : null}
        </li>
      ))}
    </ul>
  );
}
