import type { LinksFunction } from '@remix-run/node';
import adminStyles from '~/styles/admin.css';

/** The owner's area's own stylesheet (app/styles/admin.css), for the routes that draw it. */
export const adminLinks: LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }];
