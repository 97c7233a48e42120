// A run's event stream: its terminal events and the Server-Sent Events wire format.
export * from './run-ends';
export * from './sse';
export * from './plan-text';
export * from './plan-ids';
export * from './checklist';
