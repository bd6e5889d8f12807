import { ArrowUpIcon, useNavClick } from '~/components/ui';

export function Footer({ name }: { name: string }) {
  const navClick = useNavClick();
  const year = new Date().getFullYear();
  return (
    <footer data-print="hide" className="border-t border-border">
      <div className="mx-auto flex max-w-6xl flex-col items-center justify-between gap-4 px-5 py-8 text-sm text-fg-muted sm:flex-row sm:px-6 lg:px-8">
        <p>
          © {year} {name}. All rights reserved.
        </p>
        <a
          href="#home"
          onClick={navClick('/#home')}
          className="group inline-flex items-center gap-1.5 rounded-md font-medium text-fg-muted transition-colors hover:text-fg"
        >
          Back to top
          <ArrowUpIcon className="size-4 transition-transform group-hover:-translate-y-0.5" />
        </a>
      </div>
    </footer>
  );
}
