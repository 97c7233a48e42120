/**
 * The project workspace (/build/{id}, not a share link's /build/magic/{id}) fills the screen with a
 * top bar of its own: the site header and footer step aside there. Used by the server layout (first
 * render) and by the client shell (soft navigations, where the root layout does not render again).
 */
export function isWorkspacePath(pathname: string | null | undefined): boolean {
  return typeof pathname === 'string' && /^\/build\/(?!magic(?:\/|$))[^/]+\/?$/.test(pathname);
}
