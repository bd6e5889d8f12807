import { z } from 'zod';

/**
 * The contact message, shared by the form (client-side check), the `/` action
 * and the send-email function (which validates again: it must not trust its
 * caller). Nothing here may import server-only code: it ships to the browser.
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

// Line breaks in a header-bound field are how header injection
// ("\r\nBcc: x@y") starts; U+2028/2029/0085 and NUL are refused as well so
// nothing downstream has to guess how they are treated.
const LINE_BREAK = /[\r\n\u0085\u2028\u2029\0]/;

function requiredText(label: string, missing: string) {
  // A missing key, a non-string (e.g. JSON `null` or a number) and an empty
  // or all-blank value all get the same human message.
  return z.string({ required_error: missing, invalid_type_error: missing }).trim().min(1, missing);
}

function singleLine(label: string, missing: string, max: number) {
  return requiredText(label, missing)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .refine((value) => !LINE_BREAK.test(value), `${label} must be on a single line.`);
}

export const contactSchema = z.object({
  firstName: singleLine('First name', 'Please enter your first name.', CONTACT_LIMITS.name),
  lastName: singleLine('Last name', 'Please enter your last name.', CONTACT_LIMITS.name),
  email: singleLine('Email', 'Please enter your email address.', CONTACT_LIMITS.email).pipe(
    z.string().email('Please enter a valid email address, like name@example.com.'),
  ),
  message: requiredText('Message', 'Please enter a message.')
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`)
    // NUL is the one character a mail body cannot carry; line breaks are fine here.
    .refine((value) => !value.includes('\0'), 'Message contains a character that cannot be sent.'),
});

export type ContactMessage = z.infer<typeof contactSchema>;
export type ContactFieldErrors = Partial<Record<ContactField, string>>;
export type ContactValues = Record<ContactField, string>;

export type ContactValidation =
  | { success: true; data: ContactMessage }
  | { success: false; fieldErrors: ContactFieldErrors };

/** Validates anything (form values or parsed JSON); one message per field, the first that applies. */
export function validateContact(input: unknown): ContactValidation {
  const result = contactSchema.safeParse(input);
  if (result.success) return { success: true, data: result.data };
  const fieldErrors: ContactFieldErrors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0];
    if (typeof field === 'string' && (CONTACT_FIELDS as readonly string[]).includes(field)) {
      fieldErrors[field as ContactField] ??= issue.message;
    }
  }
  if (Object.keys(fieldErrors).length === 0) {
    // Not an object at all (e.g. JSON `[]`): point at every field.
    for (const field of CONTACT_FIELDS) fieldErrors[field] = 'Please fill in this field.';
  }
  return { success: false, fieldErrors };
}

/** What the visitor sees; the exact strings are product requirements. */
export const CONTACT_TEXT = {
  successTitle: 'Message sent!',
  successBody: "Thank you for your message. I'll get back to you soon.",
  errorTitle: 'Error',
  errorBody: 'Failed to send message. Please try again.',
} as const;

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
