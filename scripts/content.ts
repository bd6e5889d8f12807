import { buildContent, reportContentError } from '../pipeline/build-content';

/** `npm run content`: validates and compiles content/ only (a quick check after an edit). */
const started = performance.now();
buildContent().then(
  (content) => {
    const pages = Object.keys(content.caseStudies).length;
    console.log(
      `Content: ${content.cards.length} cards, ${pages} case study page(s), resume.pdf (${Math.round(performance.now() - started)} ms)`,
    );
  },
  (error) => {
    reportContentError(error);
    process.exit(1);
  },
);
