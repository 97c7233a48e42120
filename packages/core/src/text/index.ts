// Text: well-formed strings, control characters, and the error texts people are shown.
export * from './error-texts';
export * from './text';
