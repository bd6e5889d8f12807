-- The site's own domain, as the site noticed it: on Netlify, the address a
-- request of the published deploy reached it at, when that is a domain of
-- the owner's (not *.netlify.app). Netlify sends a domain's other names
-- (www or not, aliases) to the primary one, so this is her main address.
-- One row at most. SITE_URL, and Netlify's own URL once it names her domain,
-- win over it.
CREATE TABLE site_address (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- An https origin with no path, e.g. https://ingridhalvorsen.design.
  origin text NOT NULL CHECK (origin ~ '^https://[a-z0-9.-]{1,253}$'),
  noticed_at timestamptz NOT NULL DEFAULT now()
);
