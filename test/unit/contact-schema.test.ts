import { describe, expect, it } from 'vitest';
import { CONTACT_LIMITS, contactSchema, validateContact } from '~/contact/schema';
import { buildContactMail, escapeHtml } from '~/contact/mail.server';
import { FIELD_CASES, JSON_ONLY_CASES, VALID, withOverrides } from '../helpers/data/contact-cases';

describe('contactSchema', () => {
  it('accepts a valid message and trims every field', () => {
    const result = validateContact({
      firstName: '  Ada ',
      lastName: '\tLovelace\n',
      email: ' ada@example.com ',
      message: '\n  Hello,\n\nsecond paragraph.  \n',
    });
    expect(result).toEqual({
      success: true,
      data: { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', message: 'Hello,\n\nsecond paragraph.' },
    });
  });

  it('accepts every field at exactly its limit', () => {
    const email = `${'a'.repeat(64)}@${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(57)}.com`;
    expect(email).toHaveLength(CONTACT_LIMITS.email);
    const result = validateContact({
      firstName: 'F'.repeat(CONTACT_LIMITS.name),
      lastName: 'L'.repeat(CONTACT_LIMITS.name),
      email,
      message: 'm'.repeat(CONTACT_LIMITS.message),
    });
    expect(result.success).toBe(true);
  });

  it('accepts names and messages beyond ASCII', () => {
    const result = validateContact({ firstName: 'José', lastName: "O'Brien-Núñez 李", email: 'jose+ux@example.co.uk', message: 'Olá 👋' });
    expect(result.success).toBe(true);
  });

  it('keeps line breaks in the message, where they are body text, not headers', () => {
    const result = validateContact({ ...VALID, message: 'Hi\r\nBcc: x@y.com\r\n\r\nBye' });
    expect(result).toMatchObject({ success: true, data: { message: 'Hi\r\nBcc: x@y.com\r\n\r\nBye' } });
  });

  it.each([...FIELD_CASES, ...JSON_ONLY_CASES].map((c) => [c.name, c] as const))('refuses %s', (_name, c) => {
    const result = validateContact(withOverrides(c.fields));
    expect(result.success).toBe(false);
    if (!result.success) expect(result.fieldErrors[c.field]).toBe(c.message);
  });

  it.each([null, 'text', 42, [], [VALID]])('blames every field when the input is not an object (%j)', (input) => {
    const result = validateContact(input);
    expect(result.success).toBe(false);
    if (!result.success) expect(Object.keys(result.fieldErrors).sort()).toEqual(['email', 'firstName', 'lastName', 'message']);
  });

  it('drops unknown keys instead of passing them on', () => {
    const parsed = contactSchema.parse({ ...VALID, bcc: 'x@y.com', website: 'spam' });
    expect(Object.keys(parsed).sort()).toEqual(['email', 'firstName', 'lastName', 'message']);
  });
});

describe('buildContactMail', () => {
  const config = { from: 'Site <site@example.com>', to: 'designer@example.com' };

  it('addresses the designer, replies to the visitor and names the visitor in the subject', () => {
    const mail = buildContactMail(VALID, config);
    expect(mail).toMatchObject({
      from: config.from,
      to: config.to,
      replyTo: { name: 'Ada Lovelace', address: 'ada@example.com' },
      subject: 'Portfolio message from Ada Lovelace',
    });
    expect(mail.text).toContain(VALID.message);
    expect(mail.text).toContain('Email: ada@example.com');
  });

  it('escapes every field in the HTML body', () => {
    const hostile = {
      firstName: '<b>Ada</b>',
      lastName: '"Love" & \'lace\'',
      email: "o'brien@example.com",
      message: '<script>alert(1)</script>\n<img src=x onerror=alert(2)>',
    };
    const html = String(buildContactMail(hostile, config).html);
    expect(html).not.toMatch(/<script|<img|<b>/);
    expect(html).toContain('&lt;b&gt;Ada&lt;/b&gt;');
    expect(html).toContain('&quot;Love&quot; &amp; &#39;lace&#39;');
    expect(html).toContain('o&#39;brien@example.com');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;<br>&lt;img src=x onerror=alert(2)&gt;');
  });

  it('escapeHtml leaves plain text alone', () => {
    expect(escapeHtml('Plain text, 100% safe')).toBe('Plain text, 100% safe');
  });
});
