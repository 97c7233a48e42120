export * from './checkout-rules';
