/** Netlify's limit for one synchronous function call, in seconds (docs/deploy.md). */
const NETLIFY_FUNCTION_LIMIT_S = 60;
const OFFLINE_LIMIT = /const SYNCHRONOUS_FUNCTION_TIMEOUT = \d+;/;

/** The CLI's dev.js with its offline limit set to Netlify's; any other module as it is. */
export async function load(url, context, nextLoad) {
  const result = await nextLoad(url, context);
  if (!url.endsWith('/netlify-cli/dist/utils/dev.js')) return result;
  const source = String(result.source);
  if (!OFFLINE_LIMIT.test(source)) throw new Error(`netlify-cli changed: no offline function limit in ${url} for the tests to set`);
  return { ...result, source: source.replace(OFFLINE_LIMIT, `const SYNCHRONOUS_FUNCTION_TIMEOUT = ${NETLIFY_FUNCTION_LIMIT_S};`) };
}
