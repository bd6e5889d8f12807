import type { InsightsReport } from '~/insights/report';
import { Panel } from '~/components/admin/kit/Panel';
import { BarList } from './BarList';
import { DailyChart } from './DailyChart';
import { DailyTable } from './DailyTable';
import { Funnels } from './Funnels';
import { HeadlineCards } from './HeadlineCards';
import { InsightsHeader } from './InsightsHeader';
import { LinkReadings } from './LinkReadings';

const DEVICE_NAMES = { phone: 'Phone', tablet: 'Tablet', desktop: 'Desktop' } as const;

/** /admin/insights, drawn from the report alone: no script of its own, the same with JavaScript off. */
export function InsightsPage({ report, now }: { report: InsightsReport; now: string }) {
  return (
    <>
      <InsightsHeader range={report.range} from={report.from} to={report.to} collecting={report.collecting} />
      <HeadlineCards headlines={report.headlines} range={report.range} />
      <div className="mt-5 grid gap-5">
        <Panel title="Visitors and page views" id="daily-title">
          <DailyChart daily={report.daily} from={report.from} to={report.to} />
          <DailyTable daily={report.daily} />
        </Panel>
        <Panel title="How far case studies are read" id="funnels-title">
          {report.funnels.some((funnel) => funnel.readers > 0) ? (
            <p className="-mt-2 mb-6 max-w-2xl text-sm text-fg-muted">
              Readers who reached each section, against everyone who opened the case study. The faint bar is the section before: the gap is
              who stopped there.
            </p>
          ) : null}
          <Funnels funnels={report.funnels} />
        </Panel>
        <div className="grid gap-5 lg:grid-cols-3">
          <Panel title="Top referrers" id="referrers-title">
            <BarList
              rows={report.referrers.map((share) => ({ key: share.label, ...share }))}
              head={['Source', 'Views']}
              unit={['page view', 'page views']}
              empty="No referrers yet. Visits typed in or from apps arrive without one."
            />
          </Panel>
          <Panel title="Devices" id="devices-title">
            <BarList
              rows={report.devices.map(({ device, count }) => ({ key: device, label: DEVICE_NAMES[device], count }))}
              head={['Device', 'Views · share']}
              unit={['page view', 'page views']}
              empty="No page views yet."
              scale="total"
            />
          </Panel>
          <Panel title="Top pages" id="pages-title">
            <BarList
              rows={report.pages.map((share) => ({ key: share.label, ...share }))}
              head={['Page', 'Views']}
              unit={['view', 'views']}
              empty="No page views yet."
            />
          </Panel>
        </div>
        <Panel title="Share links" id="share-links-title" more={{ to: '/admin/links', label: 'Manage links' }}>
          <LinkReadings links={report.links} now={now} />
        </Panel>
      </div>
    </>
  );
}
