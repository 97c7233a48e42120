import { estimateTokensOf } from '../context/tokens';
import type { AnswerResult } from './answer';
import type { RunTotals } from './events';

/** What a run has cost and said so far: kept apart from its steps so a failure can still report it. */
export class RunTally {
  tokensIn = 0;
  /** Of tokensIn, read from the provider's prompt cache (0 when it reports none). */
  tokensInCached = 0;
  tokensOut = 0;
  fixRounds = 0;
  /** The last summary line an answer gave. */
  summary: string | null = null;
  /** An answer built something in place of what was asked, saying so: the message is not counted. */
  substituted = false;
  private readonly prose: string[] = [];
  private readonly started = Date.now();

  constructor(private readonly model: string) {}

  /** Counts an answer: the provider's usage, or about four characters a token when it reports none. */
  addAnswer(a: AnswerResult, promptChars: number): void {
    this.tokensIn += a.inputTokens ?? estimateTokensOf(promptChars);
    this.tokensInCached += a.cachedInputTokens ?? 0;
    this.tokensOut += a.outputTokens ?? estimateTokensOf(a.text.length);
    if (a.prose.trim()) this.prose.push(a.prose.trim());
    this.summary = a.summary ?? this.summary;
    this.substituted ||= a.substituted;
  }

  /**
   * Counts an answer that did not finish (stopped, interrupted, the provider failing mid-stream):
   * the provider charged its prompt and what it streamed, but no usage came back, so both are
   * estimated at about four characters a token.
   */
  addUnfinished(promptChars: number, streamedChars: number): void {
    this.tokensIn += estimateTokensOf(promptChars);
    this.tokensOut += estimateTokensOf(streamedChars);
  }

  /** Adds a paragraph the run itself says (a question a model that uses tools asked the person). */
  addProse(text: string): void {
    if (text.trim()) this.prose.push(text.trim());
  }

  /** The chat message of the run: the prose of its answers. */
  get text(): string {
    return this.prose.join('\n\n');
  }

  totals(): RunTotals {
    return {
      model: this.model,
      tokensIn: this.tokensIn,
      tokensInCached: this.tokensInCached,
      tokensOut: this.tokensOut,
      fixRounds: this.fixRounds,
      durationMs: Date.now() - this.started,
    };
  }
}
