// The public entry of home: the home page. The routes and other features import it from here.
export { Hero } from './hero';
export { HomeRoot } from './home-root';
export { HowItWorks } from './how-it-works';
export { QuickStartChips } from './quick-start-chips';
export { MobileAppsSection } from './store-links';
export { TemplatePicker } from './template-picker';
