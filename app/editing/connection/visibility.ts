/**
 * Whether the repository the site publishes to is public, as the owner's
 * screens show it: the state (visibility.server.ts finds it) and the words.
 * Private work (a private case study, its images) is kept in that
 * repository like any other content, so on a public one it is readable by
 * anyone on GitHub, whatever the site itself hides. A plain module: the
 * screens read its words without naming server code.
 */

export type RepositoryVisibility =
  /** GitHub says only the people she allows can read it. */
  | { state: 'private'; where: string }
  /** GitHub says anyone can read it; `settingsUrl` is its settings page, where the visibility is changed. */
  | { state: 'public'; where: string; settingsUrl: string }
  /**
   * Not known: `checkout`, the site publishes into the folder it runs from
   * (npm start); `other-host`, a host that is not GitHub; `no-answer`,
   * GitHub did not say in time; `not-connected`, nothing to ask about.
   */
  | { state: 'unknown'; why: 'checkout' | 'other-host' | 'no-answer' | 'not-connected'; where: string | null };

/** The steps on GitHub, in the order its pages show them. */
export const MAKE_PRIVATE_STEPS = [
  'Open the repository on GitHub and choose Settings (you need to be its owner).',
  'Stay on General, and scroll down to the Danger Zone.',
  'Choose Change visibility, then Make private, and confirm.',
] as const;

/** Why a public repository matters, in one sentence. */
export function publicRepositorySentence(where: string): string {
  return `Your repository on GitHub (${where}) is public: anyone can read everything in it, your private case studies and their images included, even though your site asks for a password.`;
}

/** What to check when the site cannot tell; null when there is nothing to check. */
export function unknownVisibilitySentence(visibility: Extract<RepositoryVisibility, { state: 'unknown' }>): string | null {
  switch (visibility.why) {
    case 'checkout':
      return 'Your private case studies are saved in the site’s folder on this computer, and wherever that folder is copied to. If you keep a copy on GitHub or elsewhere online, check there that only you can see it.';
    case 'other-host':
      return `Your private case studies are kept in your repository on ${visibility.where ?? 'its host'}, and the site can’t tell whether that is public. Check there that only you (and the people you choose) can see it.`;
    case 'no-answer':
      return 'GitHub did not say just now whether your repository is private. Reload this page in a minute to check again.';
    default:
      return null;
  }
}

/**
 * A publish refused because it would put private work where anyone can read
 * it: for the editor's screen, so in words without git's ("your site's files").
 */
export function exposedPublishSentence(visibility: Extract<RepositoryVisibility, { state: 'public' }>): string {
  return `This case study is private, but your site’s files on GitHub (${visibility.where}) can be read by anyone, so it would be public there. Make them private first: on GitHub, open ${visibility.where}, then Settings → General → Danger Zone → Change visibility → Make private. Then publish again.`;
}

/** GitHub did not answer: private work waits rather than risk it. */
export const UNCHECKED_PUBLISH_SENTENCE =
  'This case study is private, and GitHub did not say just now whether your site’s files there are private too, so it was not published. Try again in a minute.';
