/**
 * The name the resume PDF is saved under: hers, e.g. `Noor-Haddad-resume.pdf`,
 * not `resume.pdf`, in a recruiter's downloads folder among a dozen others.
 * The address stays /resume.pdf (the spec's fixed path); the download link
 * and the PDF's Content-Disposition carry the name.
 */

/** The address of the PDF, fixed by the spec. */
export const RESUME_PDF_PATH = '/resume.pdf';

const SUFFIX = 'resume.pdf';

/** Her name with letters only, words joined by hyphens: `Zoë Ångström` → `Zoë-Ångström`. */
function words(name: string): string[] {
  return name
    .normalize('NFC')
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .filter(Boolean);
}

/** The file name in her own letters (`نور-حداد-resume.pdf`), for the download link and filename*. */
export function resumeFileName(name: string): string {
  return [...words(name), SUFFIX].join('-');
}

/** The same folded to ASCII (`Zoe-Angstrom-resume.pdf`); a name with no Latin letters gives `resume.pdf`. */
export function asciiResumeFileName(name: string): string {
  const ascii = words(name.normalize('NFKD').replace(/\p{M}/gu, '').replace(/[ßæœøłđ]/giu, (c) => {
      const folded = FOLD[c.toLowerCase()] ?? c;
      return c === c.toLowerCase() ? folded : folded.charAt(0).toUpperCase() + folded.slice(1);
    }))
    .map((word) => word.replace(/[^A-Za-z0-9]/g, ''))
    .filter(Boolean);
  return [...ascii, SUFFIX].join('-');
}

const FOLD: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd' };

/** `inline; filename="Zoe-Angstrom-resume.pdf"; filename*=UTF-8''Zo%C3%AB-%C3%85ngstr%C3%B6m-resume.pdf` (RFC 6266). */
export function resumePdfDisposition(name: string): string {
  const ascii = asciiResumeFileName(name);
  const own = resumeFileName(name);
  const encoded = encodeURIComponent(own).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return own === ascii ? `inline; filename="${ascii}"` : `inline; filename="${ascii}"; filename*=UTF-8''${encoded}`;
}
