/**
 * Speculation rules for the public pages (rendered by root.tsx as an inline
 * <script type="speculationrules">, allowed by the CSP through its hash like
 * every inline script, security-headers.server.ts). Where the browser
 * supports them (Chromium), a link the visitor is about to follow (a hover
 * of 200 ms, or the pointer going down; on phones, as links settle in view:
 * "moderate") is fetched before the click, and a case study is even
 * prerendered, so the page is there at once. Elsewhere nothing happens: the
 * click loads the page as it always did.
 *
 * Never speculated on: the owner's area, share links and the page they open
 * (opening one is recorded), the API, private media, PDFs and anything
 * downloaded or opened in a new tab. A prerendered page starts no island
 * until it is shown (app/islands/boot.ts), so it counts no view before then.
 */
/**
 * Files are never speculated on, only pages: PDFs and every kind of media,
 * private media included (matched by their kind, so that the rules, in every
 * public page, never name where private media live).
 */
const FILES = ['pdf', 'png', 'jpg', 'jpeg', 'gif', 'webp', 'avif', 'svg', 'mp4', 'webm'].map((ext) => `/*.${ext}`);
export const NEVER_SPECULATED = ['/admin*', '/s/*', '/shared*', '/api/*', ...FILES];
const NOT_A_PAGE_VISIT = { not: { selector_matches: '[download], [target="_blank"], [data-no-speculate]' } };

export const SPECULATION_RULES = {
  prefetch: [
    {
      where: {
        and: [{ href_matches: '/*' }, ...NEVER_SPECULATED.map((pattern) => ({ not: { href_matches: pattern } })), NOT_A_PAGE_VISIT],
      },
      eagerness: 'moderate',
    },
  ],
  prerender: [{ where: { and: [{ href_matches: '/case-study/*' }, NOT_A_PAGE_VISIT] }, eagerness: 'moderate' }],
};

/** The rules as the page carries them: their exact text is what the CSP hashes. */
export const SPECULATION_RULES_JSON = JSON.stringify(SPECULATION_RULES);
