// The public entry of billing: paying for a plan — prices, the subscription, checkout, managing it,
// the built-in test mode. The routes and other features import it from here.
export { CheckoutComplete } from './checkout/checkout-complete';
export { CheckoutSummary } from './checkout/checkout-summary';
export {
  EVERY_PLAN_FEATURES,
  isComplimentaryTier,
  isPricingReason,
  knownTier,
  limitText,
  managedBy,
  type ManagedBy,
  planAction,
  type PlanAction,
  type PlanInfo,
  pricingPlans,
  type PricingReason,
  checkoutHref,
} from './plan-data';
export { PlanPrice } from './plan-price';
export { PlanDetails } from './plan-section';
export { billingDetails, type BillingDetails, formatBillingDate } from './plan';
export { usePlanPrices } from './prices';
export { paywallReturnPath, paywallUpgradeHref, returnToParam } from './return-to';
export { type Subscription, useSubscription } from './subscription';
export { TestCheckout } from './test-mode/test-checkout';
export { TestManage } from './test-mode/test-manage';
