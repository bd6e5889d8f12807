import { readEnv, type EnvSource } from './env.server';

/**
 * Whether this process is a function on Netlify (or Netlify's local
 * runtime), where the deploy is a read-only copy: no checkout to commit to,
 * no folder to write mail into. `npm start` and `npm run dev` are not.
 */
export function onFunctionHost(env: EnvSource = process.env): boolean {
  return (
    readEnv('NETLIFY', env) === 'true' ||
    Boolean(readEnv('AWS_LAMBDA_FUNCTION_NAME', env)) ||
    readEnv('NETLIFY_DEV', env) === 'true' ||
    readEnv('NETLIFY_LOCAL', env) === 'true'
  );
}
