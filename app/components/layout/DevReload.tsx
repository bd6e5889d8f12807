import { devReloadScript } from '~/utils/dev-reload';

/**
 * Reloads the page after each rebuild of `npm run dev` (app/utils/dev-reload.ts).
 * In production it is `() => null`, decided at build time, so the browser
 * bundle carries none of it.
 */
export const DevReload =
  process.env.NODE_ENV !== 'development'
    ? () => null
    : function DevReload() {
        const origin = process.env.REMIX_DEV_ORIGIN;
        if (!origin) return null;
        return <script suppressHydrationWarning dangerouslySetInnerHTML={{ __html: devReloadScript(origin) }} />;
      };
