export const COURSE_ENGINEER = 'course_engineer';

/** The roles claim must be a list of strings; anything else, even partly wrong, grants nothing. */
export function parseRoles(claim: unknown): string[] {
  if (!Array.isArray(claim)) return [];
  if (!claim.every((role) => typeof role === 'string')) return [];
  return [...claim];
}

export function hasRole(roles: unknown, role: string): boolean {
  return parseRoles(roles).includes(role);
}

export function isDeveloperToolbarUser(roles: unknown): boolean {
  return hasRole(roles, COURSE_ENGINEER);
}
