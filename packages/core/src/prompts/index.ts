// Prompts: what a person may send, and the templates and quick starts that write one for them.
export * from './prompt-schema';
export * from './prompt';
export * from './templates';
