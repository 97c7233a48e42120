/** The share (remix) link of a project. */
export function magicLinkFor(webUrl: string, id: string): string {
  return `${webUrl.replace(/\/$/, '')}/build/magic/${encodeURIComponent(id)}`;
}
