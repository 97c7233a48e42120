import { publishedAppLimit } from './plan-limits';

/** Published means enabled and with a public URL: a flag alone is not enough; without a public URL there is nothing anyone can visit. */
export function isPublished(project: { isDeploymentEnabled: boolean; publicUrl?: string | null }): boolean {
  return project.isDeploymentEnabled === true && typeof project.publicUrl === 'string' && project.publicUrl !== '';
}

/** Whether one more project may be published, given how many are published now. */
export function canPublishAnother(tier: string, publishedCount: number): boolean {
  const limit = publishedAppLimit(tier);
  if (limit === null) return true;
  // Written so that a NaN count answers false.
  return publishedCount < limit;
}
