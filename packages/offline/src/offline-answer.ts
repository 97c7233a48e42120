// What the offline builder answers, as text in the edit protocol. Pure and deterministic: the same
// prompt always gets the same answer; offline-model.ts streams it like a model would.

import type { LanguageModelV3Prompt } from '@ai-sdk/provider';
import { buildReply } from './build';
import { readConversation } from './conversation';
import { readMarker } from './families/common';
import { editReply, honestReply, isNewAppRequest } from './follow-up/reply';
import { detectIntents } from './follow-up/intents';
import { fixReply, isFixRequest } from './follow-up/fix-request';
import { declareCollectionsReply } from './follow-up/declare-collections';
import { SECURITY_FIX, securityFixReply } from './follow-up/security-fix';
import { modelNote } from './help';
import { readAsk } from './understand/ask';
import { classify } from './understand/families';

/** Whether a message names an app to build (a list of something, a form, a game), not only a look. */
export const asksForApp = (message: string) => {
  const ask = readAsk(message);
  return !!(ask.shape || ask.entity || ask.game || ask.cannot);
};

export { CONNECT_HINT, NO_MODEL_NOTE } from './help';

/** Who the answer is for: staff run the server, so they also get its setup text. */
export interface AnswerOptions {
  staff: boolean;
}

// Requests the engine itself sends in later rounds of a run (the engine's run/prompts.ts and run/answer.ts).
const FIX_ROUND = /^Checking the project after your changes found these problems/;
const RUNTIME = /^The app builds, but the preview reported these errors/;
const PLACEHOLDER = /^These files were not applied because they contain a placeholder/;
const CONTINUE = /^Your answer was cut off/;

/** The engine's own follow-up requests: the offline builder cannot debug, so it says so once. */
function engineRequestReply(request: string, files: ReadonlyMap<string, string>, o: AnswerOptions): string | null {
  // The one check it can answer: collections used without rules (it keeps them per visitor on purpose).
  const declared = FIX_ROUND.test(request) ? declareCollectionsReply(request, files) : null;
  if (declared) return declared;
  if (SECURITY_FIX.test(request)) return securityFixReply(files, modelNote(o.staff));
  if (FIX_ROUND.test(request) || RUNTIME.test(request)) {
    return `The offline builder cannot fix errors in code by itself, so I left the files as they are. If a change you asked for caused this, undo it from the history panel. ${modelNote(o.staff)}\n`;
  }
  if (PLACEHOLDER.test(request) || CONTINUE.test(request)) return 'There is nothing more to add to my previous answer.\n';
  return null;
}

/**
 * What the offline builder answers: the text, and whether it built an app in place of the one asked
 * for (one it cannot make, or a guess at a request that named none). Such a build is not what the
 * person asked, so the model tells the engine not to count the message (offline-model.ts).
 */
export interface OfflineAnswer {
  text: string;
  substituted: boolean;
}

/** The answer to one request, given the project's files as the engine showed them. */
function answerWithMeta(request: string, files: ReadonlyMap<string, string>, o: AnswerOptions = { staff: false }): OfflineAnswer {
  const said = (text: string): OfflineAnswer => ({ text, substituted: false });
  const engine = engineRequestReply(request, files, o);
  if (engine) return said(engine);
  const built = !!readMarker(files.get('client/src/config.ts'));
  const intents = detectIntents(request);
  if (!built) {
    // A fresh project (the starter): build from the description, unless the message is only a
    // small edit ("make it dark") with nothing that says which app to build.
    if (intents.length && classify(request).score < 3 && !asksForApp(request)) return said(editReply(request, files, intents));
    // "Fix the build error" on code it did not write describes no app to build.
    if (isFixRequest(request) && !asksForApp(request) && classify(request).score < 3) return said(fixReply(o.staff));
    return buildReply(request, files, o.staff);
  }
  if (isNewAppRequest(request)) return buildReply(request, files, o.staff);
  if (intents.length) return said(editReply(request, files, intents));
  if (isFixRequest(request)) return said(fixReply(o.staff));
  return said(honestReply(request, files, o.staff));
}

/** The answer's text alone. */
export const answerRequest = (request: string, files: ReadonlyMap<string, string>, o: AnswerOptions = { staff: false }): string =>
  answerWithMeta(request, files, o).text;

export function answerFor(prompt: LanguageModelV3Prompt, o: AnswerOptions = { staff: false }): OfflineAnswer {
  const conversation = readConversation(prompt);
  return answerWithMeta(conversation.request, conversation.files, o);
}
