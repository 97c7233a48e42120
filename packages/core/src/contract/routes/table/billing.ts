// Prices, the subscription, checkout, the built-in test mode and the providers' notifications.

export const subscription = { base: 'api', method: 'GET', path: '/me/subscription' } as const;
export const prices = { base: 'api', method: 'GET', path: '/billing/prices' } as const;
export const startCheckout = { base: 'api', method: 'POST', path: '/billing/checkout' } as const;
export const openBillingPortal = { base: 'api', method: 'POST', path: '/billing/portal' } as const;
export const testCheckout = { base: 'api', method: 'GET', path: '/billing/test-checkout/:id' } as const;
export const completeTestCheckout = { base: 'api', method: 'POST', path: '/billing/test-checkout/:id/complete' } as const;
export const cancelTestSubscription = { base: 'api', method: 'POST', path: '/billing/test-subscription/cancel' } as const;
export const renewTestSubscription = { base: 'api', method: 'POST', path: '/billing/test-subscription/renew' } as const;
export const stripeWebhook = { base: 'api', method: 'POST', path: '/billing/stripe/webhook' } as const;
export const mobileStoreNotification = { base: 'api', method: 'POST', path: '/billing/mobile/notification' } as const;

export const BILLING_ROUTES = {
  subscription,
  prices,
  startCheckout,
  openBillingPortal,
  testCheckout,
  completeTestCheckout,
  cancelTestSubscription,
  renewTestSubscription,
  stripeWebhook,
  mobileStoreNotification,
};
