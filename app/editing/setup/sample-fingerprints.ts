/**
 * Fingerprints of the sample designer's content as the repository shipped it
 * (written by scripts/sample-fingerprints.ts; see sample-leftovers.server.ts):
 * short hashes of texts, git blob ids of images. Hashes, not the words, so the
 * sample's name is in no file of the site once content/ is replaced.
 */

export type SampleFingerprints = Record<
  | 'name'
  | 'email'
  | 'linkedin'
  | 'website'
  | 'location'
  | 'description'
  | 'introduction'
  | 'aboutText'
  | 'interests'
  | 'highlights'
  | 'photoAlt'
  | 'image'
  | 'summary'
  | 'company'
  | 'bullet'
  | 'school'
  | 'certification'
  | 'skills'
  | 'languages'
  | 'caseStudySlug'
  | 'caseStudyTitle',
  string[]
>;

export const SAMPLE_FINGERPRINTS: SampleFingerprints = {
  name: ['b47c01eb2e3545d0'],
  email: ['301eb75768f217ea'],
  linkedin: ['9267c932ed6939ad'],
  website: ['ea59cac6fadd5e4c'],
  location: ['bd40b7ffe7ac2a09'],
  description: ['b446592d662b25c4'],
  introduction: ['d797dfe84c671735'],
  aboutText: ['03b90df74345954e', 'ccc9a06988bf1e67', '25f3a7f30a755b20'],
  interests: ['41c59fa49883d81a', '2f5f192cd1a1f612'],
  highlights: ['5dfaa615957fd50b'],
  photoAlt: ['2d520032f8936cc7', 'e128eb929f0a7ab8'],
  image: [
    '48c9e23653501472ed9c1c307234df01846e3aab',
    '7ce60750d53149b81d17b1ba71e46ad0581db046',
    '338b53c7db25074d17f357846bcce99bb079bb48',
    'a4edf8cb6edfc3ad750152773051296f675e8986',
    'f16e8001cb0523f6aed921e5cc4010490d04fc9b',
  ],
  summary: ['b9a9cc22f95f381b'],
  company: ['429ac9e90ed4ce96', '8f1d2587ad522d8f', '60e1e51bfc815520'],
  bullet: [
    '0189603c24260027',
    '8556502f6d70a0aa',
    'aee52f2250cd1086',
    '8e05afd5af830219',
    '35ce42c2764af571',
    'b56f54aab79b805f',
    '3f64ec6ebe947324',
    'd2a644ca7d2aa750',
    '584a1c15f38f03df',
    '9be31252b5556ab1',
    'db798c2c577b6798',
    '5331715ef9933bcd',
    '3b57f5fbdddbf827',
  ],
  school: ['5f824335ceb441c4'],
  certification: ['93298cbaa08d37ff'],
  skills: ['a9828b99efe28adf'],
  languages: ['0f384af16d86204b'],
  caseStudySlug: ['59db866364908903', '3598ab7f7c054db1', 'fb3b3daf7c4739f4'],
  caseStudyTitle: ['576ae662d5c1e77c', '529e168445c7d9a6', '63b080fbff662ae1'],
};
