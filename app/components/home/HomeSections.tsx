import type { CaseStudyCard, PageTeaser, Site } from '~/content/schema';
import { shownSections, type HomeSection } from '~/content/home-sections';
import { AboutSection } from './AboutSection';
import { CaseStudiesSection } from './CaseStudiesSection';
import { ContactSection } from './ContactSection';
import { HeroSection } from './HeroSection';
import { HighlightsSection } from './Highlights';
import { PagesSection } from './PagesSection';
import { layoutOf } from '~/look/look';

/**
 * The home page's sections in her order (site.yml's `home:`), the hidden
 * ones left out. Her figures right after the about section stay inside it,
 * as the site always drew them, so the default order is the page it always
 * was; anywhere else they are a section of their own. Shared by the home
 * page and the Look page's preview of it.
 */
export function HomeSections({ site, cards, pages }: { site: Site; cards: CaseStudyCard[]; pages: PageTeaser[] }) {
  const shown = shownSections(site.home);
  const figuresInAbout = shown[shown.indexOf('about') + 1] === 'highlights' && shown.includes('about');
  const section = (name: HomeSection) => {
    switch (name) {
      case 'hero':
        return <HeroSection key={name} site={site} />;
      case 'about':
        return (
          <AboutSection key={name} about={site.about} photo={site.photos.about} highlights={figuresInAbout ? site.about.highlights : []} />
        );
      case 'highlights':
        return figuresInAbout ? null : <HighlightsSection key={name} highlights={site.about.highlights} />;
      case 'case-studies':
        return <CaseStudiesSection key={name} cards={cards} words={site.work} layout={layoutOf(site.look).workLayout} />;
      case 'pages':
        return <PagesSection key={name} pages={pages} words={site.pagesSection} />;
      case 'contact':
        return <ContactSection key={name} site={site} />;
    }
  };
  return <>{shown.map(section)}</>;
}
