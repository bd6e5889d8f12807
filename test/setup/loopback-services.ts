/**
 * The tests' mail and git servers listen on this computer, which the site
 * refuses to reach on the owner's behalf (app/outbound/public-host.server.ts).
 * This switch lets loopback through, for the test process and every server it
 * starts (they inherit its environment), and for `npm run bench`, which
 * imports it. It is honoured only off Netlify, and nothing but this file sets
 * it; a test of the refusals turns it off.
 */
process.env.PORTFOLIO_LOOPBACK_FOR_TESTS = 'allow';
