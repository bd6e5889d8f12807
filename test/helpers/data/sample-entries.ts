/**
 * Every entry of the "Make it yours" list on the fixture designer made from
 * the sample (test/fixtures/make-it-yours): what the detector finds and what
 * the owner's list shows, in the list's order.
 */
export const EVERY_SAMPLE_ENTRY = [
  'site.name',
  'site.email',
  'site.linkedin',
  'site.website',
  'site.location',
  'site.description',
  'site.hero',
  'site.about',
  'site.interests',
  'site.highlights',
  'site.photos.profile',
  'site.photos.about',
  'resume.location',
  'resume.summary',
  'resume.experience.0',
  'resume.experience.1',
  'resume.education.0',
  'resume.certifications.0',
  'resume.skills',
  'resume.languages',
  'case-study.ferry-console',
  'case-study.pilot-night-mode',
];
