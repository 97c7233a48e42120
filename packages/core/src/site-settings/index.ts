export * from './head-tags';
export * from './limits';
export * from './page-routes';
export * from './sitemap';
