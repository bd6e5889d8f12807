import {
  MAKE_PRIVATE_STEPS,
  publicRepositorySentence,
  unknownVisibilitySentence,
  type RepositoryVisibility,
} from '~/editing/connection/visibility';

const WARN = 'rounded-2xl border border-red-600/30 bg-red-500/8 p-4 text-sm sm:p-5';
const NOTE = 'rounded-2xl border border-amber-600/35 bg-amber-500/10 p-4 text-sm';
const CALM = 'rounded-2xl border border-border bg-bg-subtle p-4 text-sm';

/**
 * Where private work is kept, and whether anyone can read it there: the
 * steps to make a public repository private, what to check where the site
 * cannot tell, and (with `showPrivate`) a calm line when all is well.
 * `[data-repository-visibility]` says which, for tests and tools.
 */
export function RepositoryVisibilityNote({
  visibility,
  showPrivate = false,
  className = '',
}: {
  visibility: RepositoryVisibility;
  showPrivate?: boolean;
  className?: string;
}) {
  if (visibility.state === 'public') {
    return (
      <section
        role="alert"
        aria-labelledby="repository-public-title"
        data-repository-visibility="public"
        className={`${WARN} ${className}`}
      >
        <p id="repository-public-title" className="text-base font-semibold">
          Your private case studies can be read on GitHub
        </p>
        <p className="mt-1">{publicRepositorySentence(visibility.where)}</p>
        <p className="mt-3 font-medium">Make the repository private:</p>
        <ol className="mt-1 grid list-decimal gap-1 pl-5">
          {MAKE_PRIVATE_STEPS.map((step) => (
            <li key={step}>{step}</li>
          ))}
        </ol>
        <p className="mt-3">
          <a
            href={visibility.settingsUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="font-medium text-accent underline underline-offset-4 hover:text-accent-hover"
          >
            Open its settings on GitHub
          </a>
        </p>
        <p className="mt-3 text-fg-muted">
          Until it is private, the editor won’t publish a private case study. Your site keeps working as it is.
        </p>
      </section>
    );
  }
  if (visibility.state === 'private') {
    if (!showPrivate) return null;
    return (
      <p data-repository-visibility="private" className={`${CALM} ${className}`}>
        Your repository on GitHub ({visibility.where}) is private: only you and the people you allow can read it, your private case studies
        included.
      </p>
    );
  }
  const sentence = unknownVisibilitySentence(visibility);
  if (!sentence) return null;
  return (
    <p role="status" data-repository-visibility="unknown" data-why={visibility.why} className={`${NOTE} ${className}`}>
      {sentence}
    </p>
  );
}
