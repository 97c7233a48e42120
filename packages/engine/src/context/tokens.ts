/**
 * Approximate token count: about four characters per token for English and code with the usual
 * tokenizers. Used to size the context and when a provider does not report usage.
 */
export function estimateTokens(text: string): number {
  return estimateTokensOf(text.length);
}

export function estimateTokensOf(chars: number): number {
  return Math.ceil(chars / 4);
}
