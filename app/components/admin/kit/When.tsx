import { absoluteTime, relativeTime } from './time';
import { useOwnerTimeZone } from './useOwnerTimeZone';

/** A time as people say it ("3 hours ago"), exact on hover (in her time zone) and for machines. */
export function When({ at, now }: { at: string; now: string }) {
  const zone = useOwnerTimeZone();
  return (
    <time dateTime={at} title={absoluteTime(at, zone)}>
      {relativeTime(at, now)}
    </time>
  );
}
