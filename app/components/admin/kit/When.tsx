import { absoluteTime, relativeTime } from './time';

/** A time as people say it ("3 hours ago"), exact on hover and for machines. */
export function When({ at, now }: { at: string; now: string }) {
  return (
    <time dateTime={at} title={absoluteTime(at)}>
      {relativeTime(at, now)}
    </time>
  );
}
