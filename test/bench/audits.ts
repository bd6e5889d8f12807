import type { Result } from 'lighthouse';
import { kb } from './stats';

/**
 * Plain-text findings out of a Lighthouse result: the audits that cost
 * points, with the first few rows of their details, so the report can say
 * why a budget is not held.
 */

export type Finding = { id: string; title: string; score: number | null; displayValue?: string; savings?: string; items: string[] };
type Audit = Result['audits'][string];
type Heading = { key: string | null; valueType?: string; label?: unknown };
type Row = Record<string, unknown>;

const MAX_ITEMS = 5;
const SCORED_MODES = new Set(['binary', 'numeric', 'metricSavings']);

const clip = (text: string, max = 160) => (text.length > max ? `${text.slice(0, max - 1)}…` : text);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

function shortUrl(url: string): string {
  try {
    const parsed = new URL(url);
    return parsed.protocol.startsWith('http') ? `${parsed.pathname}${parsed.search}` : url;
  } catch {
    return url;
  }
}

function formatValue(value: unknown, valueType?: string): string {
  if (value === undefined || value === null || value === '') return '';
  if (typeof value === 'number') {
    if (valueType === 'bytes') return kb(value);
    if (valueType === 'ms' || valueType === 'timespanMs') return `${Math.round(value)} ms`;
    return String(Math.round(value * 1000) / 1000);
  }
  if (typeof value === 'string') return clip(oneLine(valueType === 'url' ? shortUrl(value) : value));
  if (typeof value === 'object') {
    const v = value as Row;
    if (v.type === 'node') {
      const parts = [v.selector, v.snippet, v.explanation].filter((p): p is string => typeof p === 'string' && p !== '');
      return clip(oneLine(parts.join(' ')), 300);
    }
    if (v.type === 'source-location' && typeof v.url === 'string') return `${shortUrl(v.url)}:${Number(v.line) + 1}`;
    if (v.type === 'url' && typeof v.value === 'string') return shortUrl(v.value);
    if ((v.type === 'text' || v.type === 'code') && typeof v.value === 'string') return clip(oneLine(v.value));
    if (typeof v.formattedDefault === 'string') return clip(v.formattedDefault);
  }
  return '';
}

function formatRows(details: Row): string[] {
  const headings = (Array.isArray(details.headings) ? details.headings : []) as Heading[];
  const items = (Array.isArray(details.items) ? details.items : []) as Row[];
  return items.slice(0, MAX_ITEMS).map((item) => {
    const cells = headings
      .filter((h): h is Heading & { key: string } => typeof h.key === 'string')
      .map((h) => {
        const text = formatValue(item[h.key], h.valueType);
        const label = typeof h.label === 'string' ? h.label : '';
        return text === '' ? '' : h.valueType === 'node' || h.valueType === 'url' || label === '' ? text : `${label}: ${text}`;
      })
      .filter((cell) => cell !== '');
    return cells.join(' · ');
  });
}

/** The first rows of an audit's details, whatever their shape (table, opportunity, list of tables). */
export function detailLines(audit: Audit | undefined): string[] {
  const details = audit?.details as Row | undefined;
  if (!details) return [];
  if (details.type === 'table' || details.type === 'opportunity') return formatRows(details);
  if (details.type === 'list' && Array.isArray(details.items)) {
    return (details.items as Row[]).flatMap((sub) => (sub.type === 'table' ? formatRows(sub) : [])).slice(0, MAX_ITEMS);
  }
  if (details.type === 'checklist' && details.items && typeof details.items === 'object') {
    return Object.values(details.items as Record<string, Row>)
      .filter((check) => check.value === false)
      .map((check) => String(check.label ?? ''));
  }
  return [];
}

function savingsText(audit: Audit): string | undefined {
  const parts = Object.entries(audit.metricSavings ?? {})
    .filter(([, value]) => typeof value === 'number' && value > 0)
    .map(([metric, value]) => (metric === 'CLS' ? `CLS ${Number(value).toFixed(3)}` : `${metric} ${Math.round(Number(value))} ms`));
  return parts.length > 0 ? parts.join(', ') : undefined;
}

function finding(id: string, audit: Audit): Finding {
  return {
    id,
    title: audit.title,
    score: audit.score,
    displayValue: audit.displayValue,
    savings: savingsText(audit),
    items: detailLines(audit),
  };
}

/**
 * The scored audits of one category that did not pass, in Lighthouse's order.
 * Performance's hidden "insight" duplicates of the classic audits are left out.
 */
export function failedAudits(lhr: Result, category: string): Finding[] {
  const refs = lhr.categories[category]?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.group !== 'hidden')
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      return audit && SCORED_MODES.has(audit.scoreDisplayMode) && audit.score !== null && audit.score < 1 ? [finding(ref.id, audit)] : [];
    });
}

/** Audits (of any score) that Lighthouse says would save time on `metric` (LCP, FCP, TBT, CLS). */
export function savingsFor(lhr: Result, metric: string): Finding[] {
  const refs = lhr.categories.performance?.auditRefs ?? [];
  return refs
    .filter((ref) => ref.group !== 'hidden')
    .flatMap((ref) => {
      const audit = lhr.audits[ref.id];
      return audit && ((audit.metricSavings as Record<string, number | undefined> | undefined)?.[metric] ?? 0) > 0
        ? [finding(ref.id, audit)]
        : [];
    });
}

/** The LCP element and the LCP phases (TTFB, load delay, load time, render delay). */
export function lcpBreakdown(lhr: Result): { element: string; phases: string } {
  const details = lhr.audits['largest-contentful-paint-element']?.details as Row | undefined;
  const tables = (details?.type === 'list' && Array.isArray(details.items) ? details.items : []) as Row[];
  const element = tables[0] ? formatRows(tables[0]).join(' ') : '(not reported)';
  const phaseRows = (tables[1] && Array.isArray(tables[1].items) ? tables[1].items : []) as Row[];
  const phases = phaseRows.map((row) => `${String(row.phase)} ${Math.round(Number(row.timing))} ms (${String(row.percent)})`).join(', ');
  return { element, phases: phases || '(not reported)' };
}

/** The audits behind a TBT, main thread by category and script boot-up time. */
export function mainThreadLines(lhr: Result): string[] {
  return ['mainthread-work-breakdown', 'bootup-time', 'long-tasks'].flatMap((id) => {
    const audit = lhr.audits[id];
    if (!audit) return [];
    return [
      `${audit.title}${audit.displayValue ? ` (${audit.displayValue})` : ''}`,
      ...detailLines(audit)
        .slice(0, 3)
        .map((l) => `  ${l}`),
    ];
  });
}

/**
 * The high-priority requests of the load besides the document (preloaded
 * fonts, modulepreloaded scripts, CSS, fetchpriority=high images): Lighthouse's
 * simulated (Lantern) first paint waits on the high-priority requests that start
 * before it, so at 1.6 Mbps their bytes become render delay.
 */
export function criticalRequests(lhr: Result): string {
  const details = lhr.audits['network-requests']?.details as Row | undefined;
  const rows = (Array.isArray(details?.items) ? details.items : []) as Row[];
  const high = rows.filter(
    (r) => (r.priority === 'VeryHigh' || r.priority === 'High') && r.resourceType !== 'Document' && r.resourceType !== 'Fetch',
  );
  const byType = new Map<string, { count: number; bytes: number }>();
  for (const r of high) {
    const type = String(r.resourceType ?? 'Other');
    const entry = byType.get(type) ?? { count: 0, bytes: 0 };
    entry.count += 1;
    entry.bytes += Number(r.transferSize ?? 0);
    byType.set(type, entry);
  }
  const total = high.reduce((n, r) => n + Number(r.transferSize ?? 0), 0);
  const parts = [...byType.entries()].sort((a, b) => b[1].bytes - a[1].bytes).map(([type, e]) => `${type} ${kb(e.bytes)} (${e.count})`);
  return `high-priority requests besides the document: ${high.length}, ${kb(total)} transferred (with headers) — ${parts.join(', ')}`;
}
