// The public entry of share: the share (remix) link and the page it opens. The routes and other
// features import it from here.
export { MagicLinkView, type SharedProject } from './magic-link-view';
export { RemixCard } from './remix-card';
export { ShareDialog } from './share-dialog';
