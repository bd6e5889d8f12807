/**
 * The contact form's shared vocabulary: field names, limits, messages and the
 * action's answer. Free of zod and React on purpose: the contact island
 * (app/islands/contact.ts) imports this module, and zod alone would cost
 * more JavaScript than the home page's budget leaves. The rules live in contact-schema.ts, applied by the action and the
 * function; the form relies on them (and on the browser's own checks).
 */

export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

/**
 * A field no human sees or fills in. A bot that fills it gets a success
 * answer and nothing is sent, so it learns nothing. The name is bait that is
 * not an autofill token browsers fill on their own.
 */
export const HONEYPOT_FIELD = 'website';

export const CONTACT_FIELDS = ['firstName', 'lastName', 'email', 'message'] as const;
export type ContactField = (typeof CONTACT_FIELDS)[number];

/** The message for an empty or blank field (used by the schema). */
export const MISSING_MESSAGES: Record<ContactField, string> = {
  firstName: 'Please enter your first name.',
  lastName: 'Please enter your last name.',
  email: 'Please enter your email address.',
  message: 'Please enter a message.',
};

export type ContactFieldErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

/** What the visitor sees; the exact strings are product requirements. */
export const CONTACT_TEXT = {
  successTitle: 'Message sent!',
  successBody: "Thank you for your message. I'll get back to you soon.",
  errorTitle: 'Error',
  errorBody: 'Failed to send message. Please try again.',
} as const;

/** Where the contact form is sent with JavaScript (app/routes/api.contact.ts): the same action, answering JSON. */
export const CONTACT_ENDPOINT = '/api/contact';

/** How long a toast stays: long enough to read both lines; hovering or focusing it pauses it. */
export const TOAST_DURATION_MS = 6000;

/** Why a send failed, for the console and tests; the visitor always sees CONTACT_TEXT.errorBody. */
export type ContactErrorCode = 'bad_request' | 'rate_limited' | 'send_failed' | 'timeout' | 'unavailable' | 'network';

/**
 * The `/` action's answer. `values` echoes what was typed (after an error) so
 * a page rendered without JavaScript can put it back into the fields.
 */
export type ContactActionData =
  | { status: 'success' }
  | {
      status: 'error';
      /** Whole-form failure (send failed, rate limit, bad request); absent when only fields are wrong. */
      error?: string;
      code?: ContactErrorCode;
      fieldErrors?: ContactFieldErrors;
      values: ContactValues;
    };
