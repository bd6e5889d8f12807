import { z } from 'zod';

/**
 * Every variable the site reads from its environment, in one schema: its
 * type, its default, and what it is for (each schema's description). The
 * flags say who sets it, whether a deploy on Netlify needs it (the deploy
 * button's template in netlify.toml asks for exactly those), and whether it
 * is a secret. `.env.example` and the table in docs/deploy.md name exactly
 * the variables `you` set, and a test holds them together.
 *
 * Values are read on every call, never frozen at import: Netlify sets them
 * before the function starts, the local server sets a few of its own, the
 * tests change them between cases, and some modules are bundled twice into
 * one local process, where process.env is the one thing the copies share.
 *
 * A value that does not fit its schema never stops a page: it is named in
 * the log once, with what it should look like, and the default is used.
 */

export type SettingGroup = 'owner' | 'secrets' | 'mail' | 'site' | 'publishing' | 'database' | 'local' | 'platform' | 'tests';

/**
 * `you`: the designer (or whoever deploys) may set it: documented.
 * `platform`: Netlify, Node, Remix or the local server sets it.
 * `tests`: a hook the test suite sets; never needed on a real site.
 */
export type SetBy = 'you' | 'platform' | 'tests';

type Flags = {
  /** A deploy on Netlify cannot work without it (the template asks for it). */
  requiredOnNetlify?: boolean;
  /** Never shown, sent to a browser or logged. */
  secret?: boolean;
  /** Made on first start and kept in the database when unset. */
  generated?: boolean;
};

type Entry<Schema extends z.ZodType> = {
  schema: Schema;
  group: SettingGroup;
  setBy: SetBy;
  flags: Flags;
};

const entry = <Schema extends z.ZodType>(
  schema: Schema,
  group: SettingGroup,
  summary: string,
  flags: Flags & { setBy?: SetBy } = {},
): Entry<Schema> => ({
  schema: schema.describe(summary),
  group,
  setBy: flags.setBy ?? (group === 'platform' ? 'platform' : group === 'tests' ? 'tests' : 'you'),
  flags,
});

const text = () => z.string();
const wholeNumber = (min: number, fallback: number) => z.coerce.number().int().min(min).default(fallback);
const port = () => z.coerce.number().int().min(0).max(65535);

const ENTRIES = {
  ADMIN_PASSWORD: entry(text(), 'owner', 'The password of your own area, /admin.', { requiredOnNetlify: true, secret: true }),
  PRIVATE_CASE_STUDY_PASSWORD: entry(text(), 'owner', 'The one password that unlocks every private case study; unset, they stay locked.', {
    secret: true,
  }),
  SESSION_SECRET: entry(
    text(),
    'secrets',
    'Signs unlocks and share links, and keys the limits. Generated and kept in the database when unset.',
    { secret: true, generated: true },
  ),
  CONTACT_FUNCTION_SECRET: entry(
    text(),
    'secrets',
    'The bearer between the contact form and the send-email function. Generated when unset.',
    { secret: true, generated: true },
  ),
  CONTENT_CHECK_SECRET: entry(
    text(),
    'secrets',
    'The bearer between the editor and the content-check function; default derived from SESSION_SECRET.',
    { secret: true },
  ),
  SMTP_URL: entry(text(), 'mail', 'Where mail goes out (nodemailer URL). Unset on Netlify: messages are kept in your inbox only.', {
    secret: true,
  }),
  CONTACT_TO: entry(text(), 'mail', 'Who receives messages; default: the e-mail in content/site.yml.'),
  CONTACT_FROM: entry(text(), 'mail', "The sender; default: your name at no-reply@ your site's domain, or the mail account's own address."),
  CONTACT_FUNCTION_URL: entry(text(), 'mail', "Where the form posts; default: the site's own send-email function."),
  CONTACT_RATE_LIMIT: entry(wholeNumber(0, 5), 'mail', 'Messages per visitor per 10 minutes, a whole number; default 5, 0 turns it off.'),
  MESSAGE_RETENTION_DAYS: entry(
    wholeNumber(1, 365),
    'mail',
    'Messages older than this many days (a whole number, at least 1) are deleted; default 365.',
  ),
  SITE_URL: entry(text(), 'site', "The public address (your own domain), e.g. https://example.com; default: Netlify's address."),
  ANALYTICS: entry(text(), 'site', '`off` turns reading insights off entirely.'),
  CONTENT_GIT_URL: entry(text(), 'publishing', 'The repository publishes go to; default: the one connected in /admin.'),
  CONTENT_GIT_TOKEN: entry(text(), 'publishing', 'A token that may write to it; default: the one pasted in /admin.', { secret: true }),
  CONTENT_GIT_BRANCH: entry(text(), 'publishing', 'The branch publishes go to; default main.'),
  CONTENT_GIT_AUTHOR: entry(text(), 'publishing', 'The commits\' author, "Name <email>".'),
  CONTENT_GIT_CACHE_DIR: entry(
    text(),
    'publishing',
    "Where the editor keeps its copy of the repository; default: the system's temporary folder.",
  ),
  CONTENT_CHECK_URL: entry(text(), 'publishing', "Where the editor calls the content check; default: the site's own function."),
  BUILD_HOOK_URL: entry(
    text(),
    'publishing',
    'A Netlify build hook: adds "Rebuild the site" to /admin, and replaced images leave the site within a day.',
    { secret: true },
  ),
  NETLIFY_PURGE_API_TOKEN: entry(text(), 'publishing', "Netlify's own token for purging the CDN; set by Netlify.", { secret: true }),
  LIVE_STORE: entry(
    z.enum(['blobs', 'folder', 'off']),
    'publishing',
    'Where a publish is kept live: `blobs` (Netlify), `folder` (npm start), or `off`; chosen by itself when unset.',
  ),
  NETLIFY_DB_URL: entry(
    z.url(),
    'database',
    'The database, e.g. postgres://user:pass@host:5432/portfolio; set by Netlify Database, or the embedded engine locally.',
    { secret: true },
  ),
  PORT: entry(port(), 'local', 'The port of npm start; default 3000.'),
  REMIX_DEV_SOCKET_PORT: entry(port(), 'local', "The port of npm run dev's reload socket; default the first free one from 3001."),
  PLATFORM_LIMITS: entry(
    z.literal('off'),
    'local',
    '`off`: npm start accepts what a Netlify function would refuse (a request or answer over 6 MB, a call over 60 s); on unless set.',
  ),
  PORTFOLIO_DB: entry(z.literal('off'), 'local', '`off`: npm start runs with no database at all (the limits are kept in memory).'),
  PORTFOLIO_DB_DIR: entry(text(), 'local', "The embedded database's folder under npm start; default .netlify/db."),
  PORTFOLIO_SECRETS_FILE: entry(text(), 'local', 'Where npm start keeps the secrets it made; default .netlify/local-secrets.json.'),

  NODE_ENV: entry(text(), 'platform', '`production` for a built site; `development` under npm run dev.'),
  URL: entry(text(), 'platform', "Netlify's main address of the site, set for functions at run time."),
  NETLIFY: entry(text(), 'platform', '`true` in Netlify builds and functions.'),
  NETLIFY_DEV: entry(text(), 'platform', '`true` under Netlify’s local runtime (netlify dev).'),
  NETLIFY_LOCAL: entry(text(), 'platform', '`true` under Netlify’s local runtime (netlify serve).'),
  AWS_LAMBDA_FUNCTION_NAME: entry(text(), 'platform', 'Set in every function on Netlify: the deploy is a read-only copy.'),
  LAMBDA_TASK_ROOT: entry(text(), 'platform', "The function's folder on Netlify, where the build's files are; default the current folder."),
  SITE_ID: entry(text(), 'platform', "Netlify's id of the site, for purging its CDN."),
  NETLIFY_BLOBS_CONTEXT: entry(text(), 'platform', "Netlify Blobs' context (base64 JSON), set in functions."),
  NETLIFY_DB_EMBEDDED: entry(text(), 'platform', '`1` when the local server started the embedded database engine.'),
  REMIX_DEV_ORIGIN: entry(text(), 'platform', "Remix dev server's address under npm run dev, for the live reload."),
  PORTFOLIO_LOCAL_ORIGIN: entry(text(), 'platform', "The local server's own loopback address, for sign-in links when no SITE_URL is set."),

  CONTACT_OUTBOX_DIR: entry(text(), 'tests', 'Where messages are written as .eml files without a mail account; default .outbox.'),
  CONTENT_JSON_PATH: entry(text(), 'tests', 'The compiled content; default .generated/content.json.'),
  EDITOR_BUNDLE_MANIFEST: entry(text(), 'tests', "The editor bundle's manifest; default .generated/editor-bundle.json."),
  ISLANDS_MANIFEST: entry(text(), 'tests', "The public pages' islands manifest; default .generated/islands.json."),
  LIVE_CONTENT_DIR: entry(text(), 'tests', 'The folder live publishes are kept in without Netlify Blobs; default .netlify/live-content.'),
  SAMPLE_FINGERPRINTS_FILE: entry(text(), 'tests', "The sample content's fingerprints, to tell it from the designer's own."),
  NETLIFY_PURGE_API_URL: entry(text(), 'tests', "Netlify's purge API, replaced by a stand-in in tests."),
  GITHUB_API_URL: entry(text(), 'tests', "GitHub's API, replaced by a stand-in in tests; default https://api.github.com."),
  PORTFOLIO_LOOPBACK_FOR_TESTS: entry(
    z.literal('allow'),
    'tests',
    "`allow`: the mail settings and the git host may reach servers on this computer (the tests' own); ignored on Netlify.",
  ),
  GITHUB_SERVER_URL: entry(
    text(),
    'tests',
    "GitHub's web address, whose repositories its API describes; another in tests; default https://github.com.",
  ),
} satisfies Record<string, Entry<z.ZodType>>;

export type EnvName = keyof typeof ENTRIES;
export type EnvSource = Record<string, string | undefined>;
type SchemaOf<Name extends EnvName> = (typeof ENTRIES)[Name]['schema'];
/** What a read gives: the value, or undefined when unset and the variable has no default. */
export type EnvValue<Name extends EnvName> =
  SchemaOf<Name> extends z.ZodDefault<z.ZodType> ? z.output<SchemaOf<Name>> : z.output<SchemaOf<Name>> | undefined;

/** The whole schema, for tools and tests: every variable, its type, default and description. */
export const envSchema = z.object(
  Object.fromEntries(Object.entries(ENTRIES).map(([name, { schema }]) => [name, schema.optional()])) as {
    [Name in EnvName]: z.ZodOptional<SchemaOf<Name>>;
  },
);

const warned = new Set<string>();

/** The default, or undefined: what an unset variable reads as. */
function defaultOf(schema: z.ZodType): unknown {
  return schema instanceof z.ZodDefault ? schema.parse(undefined) : undefined;
}

/**
 * One variable, trimmed (blank is unset), checked against its schema; its
 * default (or undefined) when unset or invalid. `env` is process.env unless a
 * caller (or a test) passes its own.
 */
export function readEnv<Name extends EnvName>(name: Name, env: EnvSource = process.env): EnvValue<Name> {
  const { schema, flags } = ENTRIES[name] as Entry<z.ZodType>;
  const raw = env[name]?.trim() || undefined;
  const fallback = defaultOf(schema) as EnvValue<Name>;
  if (raw === undefined) return fallback;
  const checked = schema.safeParse(raw);
  if (checked.success) return checked.data as EnvValue<Name>;
  const key = `${name}\0${raw}`;
  if (!warned.has(key)) {
    warned.add(key);
    const given = flags.secret ? 'its value' : `"${raw}"`;
    const issue = checked.error.issues[0]?.message ?? 'not a valid value';
    const used = fallback === undefined ? 'it is treated as unset' : `${String(fallback)} is used`;
    console.warn(
      `Setting ${name}: ${given} is not valid (${issue}). ${schema.description ?? ''} Fix it in the environment's variables; until then ${used}.`,
    );
  }
  return fallback;
}

/** A variable from Netlify's own env when the function has one (Netlify.env), else process.env. */
export function readPlatformEnv<Name extends EnvName>(name: Name): EnvValue<Name> {
  const netlify = (
    globalThis as {
      Netlify?: { env?: { get(name: string): string | undefined } };
    }
  ).Netlify;
  return readEnv(name, {
    [name]: netlify?.env?.get(name) ?? process.env[name],
  });
}

export type Setting = {
  name: EnvName;
  group: SettingGroup;
  setBy: SetBy;
  summary: string;
  requiredOnNetlify: boolean;
  secret: boolean;
  generated: boolean;
};

const describeEntry = (name: EnvName): Setting => {
  const { schema, group, setBy, flags } = ENTRIES[name];
  return {
    name,
    group,
    setBy,
    summary: schema.description ?? '',
    requiredOnNetlify: flags.requiredOnNetlify ?? false,
    secret: flags.secret ?? false,
    generated: flags.generated ?? false,
  };
};

/** Every variable the site reads, with who sets it. */
export const ALL_VARIABLES: readonly Setting[] = (Object.keys(ENTRIES) as EnvName[]).map(describeEntry);

/** The settings you may set: the ones .env.example and docs/deploy.md document. */
export const SETTINGS: readonly Setting[] = ALL_VARIABLES.filter((setting) => setting.setBy === 'you');

/** The settings a Netlify deploy cannot do without: what the deploy button asks for. */
export function requiredOnNetlify(): string[] {
  return SETTINGS.filter((entry) => entry.requiredOnNetlify).map((entry) => entry.name);
}

/** The names of every secret, for redaction and for never rendering one. */
export function secretSettings(): string[] {
  return ALL_VARIABLES.filter((entry) => entry.secret).map((entry) => entry.name);
}
