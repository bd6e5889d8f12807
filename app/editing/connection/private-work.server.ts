import { getCaseStudyCards } from '~/content/content.server';
import { resolvePublishConfig } from './publishing.server';
import { repositoryVisibility, type RepositoryVisibility } from './visibility.server';

/**
 * What the owner's overview needs to warn about private work: how many
 * case studies the site shows as private, and, only when there are any,
 * whether the repository they are kept in is public (asked of GitHub now).
 */
export type PrivateWork = { privateCaseStudies: number; visibility: RepositoryVisibility | null };

export async function privateWork(): Promise<PrivateWork> {
  const privateCaseStudies = getCaseStudyCards().filter((card) => card.private).length;
  if (privateCaseStudies === 0) return { privateCaseStudies, visibility: null };
  return { privateCaseStudies, visibility: await repositoryVisibility(await resolvePublishConfig()) };
}
