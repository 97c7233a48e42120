// Plans and billing: tiers, subscriptions, prices, quotas and their UTC windows, the paywall, publishing allowances.
export * from './billing';
export * from './failed-answer-refund';
export * from './no-change-refund';
export * from './paywall';
export * from './periods';
export * from './plan-limits';
export * from './plan-prices';
export * from './published';
export * from './subscriptions';
export * from './tiers';
export * from './tool-limits';
export * from './upgrade-destinations';
