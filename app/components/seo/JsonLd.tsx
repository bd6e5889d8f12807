import { serializeJsonLd, type JsonLdObject } from '~/utils/structured-data';

/**
 * schema.org data as <script type="application/ld+json">. Browsers never run
 * it (so the CSP leaves it alone); the JSON is escaped so no value can end
 * the script element early.
 */
export function JsonLd({ data }: { data: JsonLdObject }) {
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: serializeJsonLd(data) }} />;
}
