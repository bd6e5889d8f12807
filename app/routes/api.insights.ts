import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { waitUntilOf } from '~/insights/buffer.server';
import { collectBeacon, collectPixel } from '~/insights/collect.server';

/**
 * Reading insights: the tracker's beacons (POST) and the noscript pixel (GET).
 * On Netlify the load context is the function's context, whose waitUntil lets
 * the events be written after the answer; locally there is none (the
 * process's flusher writes them).
 */
export const action = ({ request, context }: ActionFunctionArgs) => collectBeacon(request, waitUntilOf(context));
export const loader = ({ request, context }: LoaderFunctionArgs) => collectPixel(request, waitUntilOf(context));
