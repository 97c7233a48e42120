// The staff analytics report: its days, metrics and CSV.
export * from './analytics-report';
