import type { ContactField } from '~/contact/schema';

/**
 * Bad contact input, shared by the action and the function tests. Each case
 * names the field that must be blamed and the exact message the visitor sees.
 */

/** The contact form's answer when a message is on its way (the spec's words). */
export const SUCCESS_TEXT = "Message sent! Thank you for your message. I'll get back to you soon.";

export const VALID = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  email: 'ada@example.com',
  message: 'Hello Camila,\nI would like to talk about a senior UX role.',
} as const;

export type FieldCase = {
  name: string;
  /** Overrides on VALID; `undefined` removes the field. */
  fields: Record<string, unknown>;
  field: ContactField;
  message: string;
};

const MSG = {
  firstNameMissing: 'Please enter your first name.',
  firstNameLong: 'First name must be at most 100 characters.',
  firstNameLine: 'First name must be on a single line.',
  lastNameMissing: 'Please enter your last name.',
  lastNameLong: 'Last name must be at most 100 characters.',
  lastNameLine: 'Last name must be on a single line.',
  emailMissing: 'Please enter your email address.',
  emailInvalid: 'Please enter a valid email address, like name@example.com.',
  emailLong: 'Email must be at most 254 characters.',
  emailLine: 'Email must be on a single line.',
  messageMissing: 'Please enter a message.',
  messageLong: 'Message must be at most 5,000 characters.',
  messageNul: 'Message contains a character that cannot be sent.',
};

/** 255 characters in a valid shape: one over the limit. */
export const LONG_EMAIL = `${'a'.repeat(68)}@${['c', 'd', 'e'].map((c) => c.repeat(60)).join('.')}.com`;

/** Cases that can travel both as a form post and as JSON. */
export const FIELD_CASES: FieldCase[] = [
  {
    name: 'every field missing',
    fields: { firstName: undefined, lastName: undefined, email: undefined, message: undefined },
    field: 'firstName',
    message: MSG.firstNameMissing,
  },
  { name: 'first name missing', fields: { firstName: undefined }, field: 'firstName', message: MSG.firstNameMissing },
  { name: 'first name empty', fields: { firstName: '' }, field: 'firstName', message: MSG.firstNameMissing },
  { name: 'first name only blanks', fields: { firstName: '   \t ' }, field: 'firstName', message: MSG.firstNameMissing },
  { name: 'first name 101 characters', fields: { firstName: 'A'.repeat(101) }, field: 'firstName', message: MSG.firstNameLong },
  { name: 'first name with CRLF Bcc header', fields: { firstName: 'Ada\r\nBcc: x@y.com' }, field: 'firstName', message: MSG.firstNameLine },
  { name: 'first name with bare LF', fields: { firstName: 'Ada\nLovelace' }, field: 'firstName', message: MSG.firstNameLine },
  { name: 'first name with U+2028', fields: { firstName: 'Ada\u2028Bcc: x@y.com' }, field: 'firstName', message: MSG.firstNameLine },
  { name: 'last name missing', fields: { lastName: undefined }, field: 'lastName', message: MSG.lastNameMissing },
  { name: 'last name empty', fields: { lastName: '' }, field: 'lastName', message: MSG.lastNameMissing },
  { name: 'last name 101 characters', fields: { lastName: 'L'.repeat(101) }, field: 'lastName', message: MSG.lastNameLong },
  {
    name: 'last name with CRLF Bcc header',
    fields: { lastName: 'Lovelace\r\nBcc: x@y.com' },
    field: 'lastName',
    message: MSG.lastNameLine,
  },
  { name: 'last name with bare CR', fields: { lastName: 'Love\rlace' }, field: 'lastName', message: MSG.lastNameLine },
  { name: 'email missing', fields: { email: undefined }, field: 'email', message: MSG.emailMissing },
  { name: 'email empty', fields: { email: '' }, field: 'email', message: MSG.emailMissing },
  { name: 'email without @', fields: { email: 'not-an-email' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email without top-level domain', fields: { email: 'ada@example' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email with two @', fields: { email: 'ada@@example.com' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email with a space', fields: { email: 'ada lovelace@example.com' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email list', fields: { email: 'ada@example.com, eve@example.com' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email with display name', fields: { email: 'Ada <ada@example.com>' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email with CRLF Bcc header', fields: { email: 'ada@example.com\r\nBcc: x@y.com' }, field: 'email', message: MSG.emailLine },
  { name: 'email with encoded LF', fields: { email: 'ada@example.com%0ABcc:x@y.com' }, field: 'email', message: MSG.emailInvalid },
  { name: 'email 255 characters', fields: { email: LONG_EMAIL }, field: 'email', message: MSG.emailLong },
  { name: 'message missing', fields: { message: undefined }, field: 'message', message: MSG.messageMissing },
  { name: 'message empty', fields: { message: '' }, field: 'message', message: MSG.messageMissing },
  { name: 'message only blanks and newlines', fields: { message: ' \n\t\r\n ' }, field: 'message', message: MSG.messageMissing },
  { name: 'message 5,001 characters', fields: { message: 'm'.repeat(5001) }, field: 'message', message: MSG.messageLong },
  { name: 'message with NUL', fields: { message: 'Hello\0world' }, field: 'message', message: MSG.messageNul },
];

/** Only JSON can carry these (a form field is always a string). */
export const JSON_ONLY_CASES: FieldCase[] = [
  { name: 'first name is a number', fields: { firstName: 42 }, field: 'firstName', message: MSG.firstNameMissing },
  { name: 'message is null', fields: { message: null }, field: 'message', message: MSG.messageMissing },
  { name: 'email is an array', fields: { email: ['ada@example.com', 'eve@example.com'] }, field: 'email', message: MSG.emailMissing },
  { name: 'last name is an object', fields: { lastName: { toString: 'x' } }, field: 'lastName', message: MSG.lastNameMissing },
];

export function withOverrides(fields: Record<string, unknown>): Record<string, unknown> {
  const result: Record<string, unknown> = { ...VALID };
  for (const [key, value] of Object.entries(fields)) {
    if (value === undefined) delete result[key];
    else result[key] = value;
  }
  return result;
}

/** As a form body; only for FIELD_CASES (string values). */
export function toFormBody(fields: Record<string, unknown>): URLSearchParams {
  const body = new URLSearchParams();
  for (const [key, value] of Object.entries(withOverrides(fields))) body.set(key, String(value));
  return body;
}

export const FUNCTION_ERRORS = {
  method: 'Method not allowed.',
  auth: 'Unauthorized.',
  type: 'Content-Type must be application/json.',
  size: 'Request body too large.',
  json: 'Request body must be UTF-8 JSON.',
  invalid: 'Invalid contact message.',
} as const;

export type TransportCase = { name: string; init: () => RequestInit; status: number; error: string };

/** A body of `bytes` bytes delivered in chunks, without a Content-Length. */
function streamOf(bytes: number): ReadableStream<Uint8Array> {
  let sent = 0;
  return new ReadableStream({
    pull(controller) {
      if (sent >= bytes) return controller.close();
      const chunk = new Uint8Array(Math.min(16 * 1024, bytes - sent)).fill(0x61);
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
}

/** Requests the send-email function must refuse before validation. `init` is a factory: a stream is read once. */
export function functionTransportCases(secret: string): TransportCase[] {
  const json = JSON.stringify(VALID);
  const auth = { authorization: `Bearer ${secret}` };
  const post = (headers: Record<string, string>, body: BodyInit = json): RequestInit => ({ method: 'POST', headers, body });
  const big = JSON.stringify({ ...VALID, message: 'x'.repeat(70 * 1024) });
  return [
    { name: 'GET', init: () => ({ method: 'GET', headers: auth }), status: 405, error: FUNCTION_ERRORS.method },
    { name: 'GET without a token', init: () => ({ method: 'GET' }), status: 405, error: FUNCTION_ERRORS.method },
    {
      name: 'PUT',
      init: () => ({ ...post({ ...auth, 'content-type': 'application/json' }), method: 'PUT' }),
      status: 405,
      error: FUNCTION_ERRORS.method,
    },
    { name: 'DELETE', init: () => ({ method: 'DELETE', headers: auth }), status: 405, error: FUNCTION_ERRORS.method },
    { name: 'no Authorization header', init: () => post({ 'content-type': 'application/json' }), status: 401, error: FUNCTION_ERRORS.auth },
    {
      name: 'wrong token',
      init: () => post({ authorization: 'Bearer not-the-secret', 'content-type': 'application/json' }),
      status: 401,
      error: FUNCTION_ERRORS.auth,
    },
    {
      name: 'token with one extra character',
      init: () => post({ authorization: `Bearer ${secret}x`, 'content-type': 'application/json' }),
      status: 401,
      error: FUNCTION_ERRORS.auth,
    },
    {
      name: 'token prefix only',
      init: () => post({ authorization: `Bearer ${secret.slice(0, -1)}`, 'content-type': 'application/json' }),
      status: 401,
      error: FUNCTION_ERRORS.auth,
    },
    {
      name: 'Basic scheme with the secret',
      init: () => post({ authorization: `Basic ${secret}`, 'content-type': 'application/json' }),
      status: 401,
      error: FUNCTION_ERRORS.auth,
    },
    {
      name: 'empty Bearer',
      init: () => post({ authorization: 'Bearer ', 'content-type': 'application/json' }),
      status: 401,
      error: FUNCTION_ERRORS.auth,
    },
    {
      name: 'bare secret without scheme',
      init: () => post({ authorization: secret, 'content-type': 'application/json' }),
      status: 401,
      error: FUNCTION_ERRORS.auth,
    },
    { name: 'text/plain body', init: () => post({ ...auth, 'content-type': 'text/plain' }), status: 415, error: FUNCTION_ERRORS.type },
    {
      name: 'form-encoded body',
      init: () => post({ ...auth, 'content-type': 'application/x-www-form-urlencoded' }, new URLSearchParams(VALID).toString()),
      status: 415,
      error: FUNCTION_ERRORS.type,
    },
    { name: 'no Content-Type', init: () => post(auth, new Blob([json])), status: 415, error: FUNCTION_ERRORS.type },
    {
      name: 'application/json-patch+json',
      init: () => post({ ...auth, 'content-type': 'application/json-patch+json' }),
      status: 415,
      error: FUNCTION_ERRORS.type,
    },
    {
      name: '70 KB body with Content-Length',
      init: () => post({ ...auth, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(big)) }, big),
      status: 413,
      error: FUNCTION_ERRORS.size,
    },
    {
      name: '100 KB streamed body without Content-Length',
      init: () => ({ ...post({ ...auth, 'content-type': 'application/json' }, streamOf(100 * 1024)), duplex: 'half' }) as RequestInit,
      status: 413,
      error: FUNCTION_ERRORS.size,
    },
    {
      name: 'invalid JSON',
      init: () => post({ ...auth, 'content-type': 'application/json' }, '{"firstName": "Ada",'),
      status: 400,
      error: FUNCTION_ERRORS.json,
    },
    { name: 'empty body', init: () => post({ ...auth, 'content-type': 'application/json' }, ''), status: 400, error: FUNCTION_ERRORS.json },
    {
      name: 'invalid UTF-8',
      init: () => post({ ...auth, 'content-type': 'application/json' }, new Uint8Array([0x7b, 0xff, 0xfe, 0x7d])),
      status: 400,
      error: FUNCTION_ERRORS.json,
    },
  ];
}
