-- The mail account the owner set up on /admin/settings/mail, through which
-- contact messages (and the site's notes to her) go out when Netlify's
-- settings name none (SMTP_URL wins over this row). One row at most. The
-- password (or API key) is stored sealed: AES-256-GCM under a key derived
-- from the site's SESSION_SECRET (app/access/secret-box.server.ts), never in
-- clear; no page shows it again once saved.
CREATE TABLE mail_account (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  -- Which service she chose: resend, postmark, sendgrid, mailgun, brevo, or other.
  provider text NOT NULL CHECK (provider ~ '^[a-z]{1,20}$'),
  host text NOT NULL CHECK (length(host) BETWEEN 1 AND 253),
  port integer NOT NULL CHECK (port BETWEEN 1 AND 65535),
  -- tls: encrypted from the first byte (465); starttls: encrypted once connected (587).
  security text NOT NULL CHECK (security IN ('tls', 'starttls')),
  username text NOT NULL CHECK (length(username) BETWEEN 1 AND 320),
  password_sealed text NOT NULL CHECK (password_sealed LIKE 'v1.%'),
  -- The sender, an address the service lets her send from.
  from_address text NOT NULL CHECK (length(from_address) BETWEEN 3 AND 254),
  -- When the test message that came with this row was accepted by the service.
  tested_at timestamptz NOT NULL DEFAULT now(),
  saved_at timestamptz NOT NULL DEFAULT now()
);
