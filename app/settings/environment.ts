/**
 * Every setting the site reads from its environment, in one list: what it is
 * for, whether a deploy on Netlify needs it, and whether it is a secret. The
 * deploy button's template (netlify.toml) asks for exactly the required ones,
 * and a test holds the two together. Only the owner's password cannot be
 * defaulted: the secrets are generated on first start and kept in the
 * database (app/access/site-secrets.server.ts), and the rest have defaults.
 */

export type SettingGroup = 'owner' | 'secrets' | 'mail' | 'site' | 'publishing' | 'database' | 'local';

export type Setting = {
  name: string;
  /** A deploy on Netlify cannot work without it (the template asks for it). */
  requiredOnNetlify: boolean;
  /** Never shown, sent to a browser or logged. */
  secret: boolean;
  /** Made on first start and kept in the database when unset. */
  generated: boolean;
  group: SettingGroup;
  summary: string;
};

const setting = (
  name: string,
  group: SettingGroup,
  summary: string,
  flags: Partial<Pick<Setting, 'requiredOnNetlify' | 'secret' | 'generated'>> = {},
): Setting => ({
  name,
  group,
  summary,
  requiredOnNetlify: flags.requiredOnNetlify ?? false,
  secret: flags.secret ?? false,
  generated: flags.generated ?? false,
});

export const SETTINGS: readonly Setting[] = [
  setting('ADMIN_PASSWORD', 'owner', 'The password of your own area, /admin.', { requiredOnNetlify: true, secret: true }),
  setting('PRIVATE_CASE_STUDY_PASSWORD', 'owner', 'The one password that unlocks every private case study; unset, they stay locked.', {
    secret: true,
  }),
  setting(
    'SESSION_SECRET',
    'secrets',
    'Signs unlocks and share links, and keys the limits. Generated and kept in the database when unset.',
    { secret: true, generated: true },
  ),
  setting('CONTACT_FUNCTION_SECRET', 'secrets', 'The bearer between the contact form and the send-email function. Generated when unset.', {
    secret: true,
    generated: true,
  }),
  setting(
    'CONTENT_CHECK_SECRET',
    'secrets',
    'The bearer between the editor and the content-check function; default derived from SESSION_SECRET.',
    { secret: true },
  ),
  setting('SMTP_URL', 'mail', 'Where mail goes out (nodemailer URL). Unset on Netlify: messages are kept in your inbox only.', {
    secret: true,
  }),
  setting('CONTACT_TO', 'mail', 'Who receives messages; default: the e-mail in content/site.yml.'),
  setting('CONTACT_FROM', 'mail', "The sender; default: your name at no-reply@ your site's domain, or the mail account's own address."),
  setting('CONTACT_FUNCTION_URL', 'mail', "Where the form posts; default: the site's own send-email function."),
  setting('CONTACT_RATE_LIMIT', 'mail', 'Messages per visitor per 10 minutes; default 5, 0 turns it off.'),
  setting('MESSAGE_RETENTION_DAYS', 'mail', 'Messages older than this are deleted; default 365.'),
  setting('SITE_URL', 'site', "The public address (your own domain); default: Netlify's address."),
  setting('ANALYTICS', 'site', '`off` turns reading insights off entirely.'),
  setting(
    'CONTENT_GIT_URL',
    'publishing',
    'The repository publishes go to; default: the one Netlify built from, or the one connected in /admin.',
  ),
  setting('CONTENT_GIT_TOKEN', 'publishing', 'A token that may write to it; default: the one pasted in /admin.', { secret: true }),
  setting('CONTENT_GIT_BRANCH', 'publishing', 'The branch publishes go to; default: the one Netlify built, else main.'),
  setting('CONTENT_GIT_AUTHOR', 'publishing', 'The commits\' author, "Name <email>".'),
  setting(
    'CONTENT_GIT_CACHE_DIR',
    'publishing',
    "Where the editor keeps its copy of the repository; default: the system's temporary folder.",
  ),
  setting('CONTENT_CHECK_URL', 'publishing', "Where the editor calls the content check; default: the site's own function."),
  setting('BUILD_HOOK_URL', 'publishing', 'A Netlify build hook: adds "Rebuild the site" to /admin.', { secret: true }),
  setting('NETLIFY_PURGE_API_TOKEN', 'publishing', "Netlify's own token for purging the CDN; set by Netlify.", { secret: true }),
  setting('LIVE_STORE', 'publishing', 'Where a publish is kept live: `blobs` (Netlify), `folder` (npm start), or `off`; chosen by itself.'),
  setting('NETLIFY_DB_URL', 'database', 'The database; set by Netlify Database, or the embedded engine locally.', { secret: true }),
  setting('PORT', 'local', 'The port of npm start; default 3000.'),
];

/** The settings a Netlify deploy cannot do without: what the deploy button asks for. */
export function requiredOnNetlify(): string[] {
  return SETTINGS.filter((entry) => entry.requiredOnNetlify).map((entry) => entry.name);
}

/** The names of every secret, for redaction and for never rendering one. */
export function secretSettings(): string[] {
  return SETTINGS.filter((entry) => entry.secret).map((entry) => entry.name);
}
