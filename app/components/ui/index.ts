/**
 * The client-side building blocks that more than one route uses. Import them
 * from here, never from their files: the browser build (esbuild, split by
 * route) makes one shared chunk for each different set of routes that reach a
 * module, and each chunk is a request and a separate gzip stream. Through this
 * one module every route reaches all of them, so they travel together as one
 * small chunk. Keep page-specific components out of it.
 */
export { JsonLd } from '~/components/seo/JsonLd';
export { ButtonLink } from './ButtonLink';
export { CaseStudyCard, CaseStudyGrid } from './CaseStudyCard';
export { CaseStudyWork } from './CaseStudyWork';
export { Field } from '~/components/contact/Field';
export * from './icons';
export { ResponsiveImage } from './ResponsiveImage';
export { TagList } from './TagList';
