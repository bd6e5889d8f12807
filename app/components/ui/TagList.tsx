export function TagList({ tags, label = 'Tags' }: { tags: string[]; label?: string }) {
  return (
    <ul aria-label={label} className="flex flex-wrap gap-1.5">
      {tags.map((tag) => (
        <li key={tag} className="rounded-full bg-accent-soft px-2.5 py-1 text-xs font-medium text-accent-soft-fg">
          {tag}
        </li>
      ))}
    </ul>
  );
}
