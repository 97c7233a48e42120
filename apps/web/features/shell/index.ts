// The public entry of shell: the page's frame — header, footer, menus, toasts, progress bar. The
// routes and other features import it from here.
export { LazyToaster } from './lazy-toaster';
export { LazyTopLoader } from './lazy-top-loader';
export { OutsideWorkspace } from './outside-workspace';
export { SiteFooter } from './site-footer';
export { SiteHeader } from './site-header';
export { UserMenu } from './user-menu';
