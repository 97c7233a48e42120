/** A Free account's subscription, as GET /v1/me/subscription answers it (the tests' starting point). */
export const FREE_SUBSCRIPTION = {
  type: 'free',
  tierType: 'free',
  storeSource: null,
  status: 'active',
  currentPeriodEnd: null,
  pendingTierType: null,
  provider: null,
  billingMode: 'test',
} as const;
