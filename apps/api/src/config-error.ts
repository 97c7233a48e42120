/** A configuration the API refuses to start with; its message names each variable and what is wrong. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}
