/**
 * schema.org data as <script type="application/ld+json">. Browsers never run
 * it (so the CSP leaves it alone). `json` comes from serializeJsonLd
 * (app/seo/structured-data.ts), run by the page's loader on the server: it
 * is escaped so no value can end the script element early.
 */
export function JsonLd({ json }: { json: string }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
