/**
 * Whether this process is a function on Netlify (or Netlify's local
 * runtime), where the deploy is a read-only copy: no checkout to commit to,
 * no folder to write mail into. `npm start` and `npm run dev` are not.
 */
export function onFunctionHost(env: Record<string, string | undefined> = process.env): boolean {
  return env.NETLIFY === 'true' || Boolean(env.AWS_LAMBDA_FUNCTION_NAME) || env.NETLIFY_DEV === 'true' || env.NETLIFY_LOCAL === 'true';
}
