import { finishRun, insertMessage, refundMessageForRun, withholdRunFileText } from '@sprout/db';
import type { WorkingCopy } from '../apply/working-copy';
import { questionText } from '../tools/ask-person';
import type { AskedStop } from '../tools/tool-endings';
import { mayRefundNoChange } from './commit-run';
import type { RunScope } from './run-scope';

/**
 * A run whose model asked the person a question (the ask_person tool): it ends there, its question
 * the last paragraph of the reply, changing nothing (what the answer wrote before is not kept). It
 * is a run that changed nothing, given back as such a run is: a reply in a few plain words, within
 * the day's bound of free ones (commit-run.ts). The file text it streamed is then withheld, so a
 * reply given back never gives files away.
 */
export async function finishWithQuestion(s: RunScope, work: WorkingCopy, asked: AskedStop): Promise<void> {
  const { deps, input, rec, tally } = s;
  const question = questionText(asked.question, asked.options);
  rec.emit('text.delta', { text: `${tally.text ? '\n\n' : ''}${question}` });
  tally.addProse(question);
  const t = tally.totals();
  await finishRun(deps.db, input.runId, {
    status: 'succeeded',
    summary: null,
    tokensIn: t.tokensIn,
    tokensInCached: t.tokensInCached,
    tokensOut: t.tokensOut,
    fixRounds: t.fixRounds,
  });
  await insertMessage(deps.db, { sproutId: input.sproutId, userId: null, role: 'assistant', content: tally.text, runId: input.runId });
  const refunded = input.kind === 'message' && (await mayRefundNoChange(s)) ? await refundMessageForRun(deps.db, input.runId) : false;
  if (refunded && work.changed.size > 0) {
    rec.withholdFileText();
    await rec.flush();
    await withholdRunFileText(deps.db, input.runId);
  }
  rec.emit('run.finished', { ...tally.totals(), versionId: null, summary: null, remainingIssues: 0, refunded });
}
