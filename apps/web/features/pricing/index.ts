// The public entry of pricing: the /pricing page. The routes and other features import it from
// here.
export { PricingFaq } from './pricing-faq';
export { PricingPlans } from './pricing-plans';
export { ReasonBanner } from './reason-banner';
