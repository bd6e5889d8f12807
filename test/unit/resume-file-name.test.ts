import { describe, expect, it } from 'vitest';
import { asciiResumeFileName, resumeFileName, resumePdfDisposition } from '~/content/resume-file-name';

describe('the resume PDF’s file name', () => {
  it('is her name, ASCII-folded for filename and in her own letters for filename*', () => {
    expect(resumeFileName('Noor Haddad')).toBe('Noor-Haddad-resume.pdf');
    expect(resumePdfDisposition('Noor Haddad')).toBe('inline; filename="Noor-Haddad-resume.pdf"');
    expect(asciiResumeFileName('Zoë Ångström')).toBe('Zoe-Angstrom-resume.pdf');
    expect(asciiResumeFileName('Łukasz O’Brien')).toBe('Lukasz-O-Brien-resume.pdf');
    expect(resumePdfDisposition('Zoë Ångström')).toBe(
      `inline; filename="Zoe-Angstrom-resume.pdf"; filename*=UTF-8''Zo%C3%AB-%C3%85ngstr%C3%B6m-resume.pdf`,
    );
  });

  it('falls back to resume.pdf in ASCII for a name with no Latin letters, and never lets a quote or slash through', () => {
    expect(resumePdfDisposition('نور حداد')).toBe(
      `inline; filename="resume.pdf"; filename*=UTF-8''${encodeURIComponent('نور-حداد-resume.pdf')}`,
    );
    expect(resumeFileName('A "B" / C\\D')).toBe('A-B-C-D-resume.pdf');
  });
});
