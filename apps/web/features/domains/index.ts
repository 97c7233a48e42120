// The public entry of domains: a published app's own domains (added, their DNS records shown and
// checked, made primary, removed), shown in the publish dialog.
export { CustomDomainsSection } from './custom-domains-section';
