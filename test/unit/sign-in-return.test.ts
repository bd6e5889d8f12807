import { describe, expect, it } from 'vitest';
import { safeReturnPath, signInPathFor } from '~/access/sign-in-return';

/** Signing in returns to the owner's page asked for, and never anywhere else. */

describe('safeReturnPath', () => {
  it.each([
    ['/admin/content', '/admin/content'],
    ['/admin/content/resume.mdx', '/admin/content/resume.mdx'],
    ['/admin/content/case-studies/a.mdx?saved=1', '/admin/content/case-studies/a.mdx?saved=1'],
    ['/admin/insights?range=7&_data=routes%2Fadmin.insights', '/admin/insights?range=7'],
    ['/admin', '/admin'],
  ])('keeps %s', (next, back) => {
    expect(safeReturnPath(next)).toBe(back);
  });

  it.each([
    '//evil.com',
    '//evil.com/admin',
    '/\\evil.com',
    '/\\/evil.com',
    '\\\\evil.com',
    '/\t/evil.com',
    '/\n/evil.com',
    'https://evil.com/admin',
    'http://owner.invalid/admin',
    'javascript:alert(1)',
    'evil.com',
    '/%2F%2Fevil.com',
    '/admin/../..//evil.com',
    '/',
    '/resume',
    '/administrator',
    '/admin/sign-in',
    '/admin/sign-in?next=%2F%2Fevil.com',
    '/admin/sign-out',
    '',
    null,
    undefined,
    `/admin/${'a'.repeat(1200)}`,
  ])('refuses %j: back to /admin', (next) => {
    expect(safeReturnPath(next)).toBe('/admin');
  });
});

describe('signInPathFor', () => {
  const get = (path: string, method = 'GET') => new Request(`https://site.example${path}`, { method });
  it('a page asked for is carried as next; /admin itself, POSTs and the editor’s own requests are not', () => {
    expect(signInPathFor(get('/admin/content'))).toBe('/admin/sign-in?next=%2Fadmin%2Fcontent');
    expect(signInPathFor(get('/admin/content/resume.mdx?_data=routes%2Fadmin.content.%24'))).toBe(
      '/admin/sign-in?next=%2Fadmin%2Fcontent%2Fresume.mdx',
    );
    expect(signInPathFor(get('/admin'))).toBe('/admin/sign-in');
    expect(signInPathFor(get('/admin/content/resume.mdx', 'POST'))).toBe('/admin/sign-in');
    expect(signInPathFor(get('/admin/content/api/media/content/x.png'))).toBe('/admin/sign-in');
    expect(signInPathFor(get('/admin/insights.csv?range=7'))).toBe('/admin/sign-in');
  });
});
