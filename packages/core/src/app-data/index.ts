export * from './rules';
export * from './describe-rules';
export * from './validate-document';
export * from './list-query';
export * from './limits';
export * from './choose-data-sharing';
export * from './describe-sharing';
export * from './data-shape-change';
