import type { ActionFunctionArgs, LoaderFunctionArgs } from '@remix-run/node';
import { collectBeacon, collectPixel } from '~/insights/collect.server';

/** Reading insights: the tracker's beacons (POST) and the noscript pixel (GET). */
export const action = ({ request }: ActionFunctionArgs) => collectBeacon(request);
export const loader = ({ request }: LoaderFunctionArgs) => collectPixel(request);
