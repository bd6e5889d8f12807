import { z } from 'zod';
import { CONTACT_FIELDS, CONTACT_LIMITS, MISSING_MESSAGES, type ContactField, type ContactFieldErrors } from './form';

/**
 * The contact message's rules, shared by the `/` action and the send-email
 * function (which validates again: it must not trust its caller). The form
 * gets their messages from the action, so the browser never loads zod.
 */

export { CONTACT_FIELDS, CONTACT_LIMITS, HONEYPOT_FIELD, CONTACT_TEXT } from './form';
export type { ContactActionData, ContactErrorCode, ContactField, ContactFieldErrors, ContactValues } from './form';

// Line breaks in a header-bound field are how header injection
// ("\r\nBcc: x@y") starts; U+2028/2029/0085 and NUL are refused as well so
// nothing downstream has to guess how they are treated.
const LINE_BREAK = /[\r\n\u0085\u2028\u2029\0]/;

function requiredText(label: string, missing: string) {
  // A missing key, a non-string (e.g. JSON `null` or a number) and an empty
  // or all-blank value all get the same human message.
  return z.string({ error: missing }).trim().min(1, missing);
}

function singleLine(label: string, missing: string, max: number) {
  return requiredText(label, missing)
    .max(max, `${label} must be at most ${max.toLocaleString('en-US')} characters.`)
    .refine((value) => !LINE_BREAK.test(value), `${label} must be on a single line.`);
}

export const contactSchema = z.object({
  firstName: singleLine('First name', MISSING_MESSAGES.firstName, CONTACT_LIMITS.name),
  lastName: singleLine('Last name', MISSING_MESSAGES.lastName, CONTACT_LIMITS.name),
  email: singleLine('Email', MISSING_MESSAGES.email, CONTACT_LIMITS.email).pipe(
    z.string().email('Please enter a valid email address, like name@example.com.'),
  ),
  message: requiredText('Message', MISSING_MESSAGES.message)
    .max(CONTACT_LIMITS.message, `Message must be at most ${CONTACT_LIMITS.message.toLocaleString('en-US')} characters.`)
    // NUL is the one character a mail body cannot carry; line breaks are fine here.
    .refine((value) => !value.includes('\0'), 'Message contains a character that cannot be sent.'),
});

export type ContactMessage = z.infer<typeof contactSchema>;

export type ContactValidation = { success: true; data: ContactMessage } | { success: false; fieldErrors: ContactFieldErrors };

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
