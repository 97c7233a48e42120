// @sprout/engine/protocol: the edit protocol without the rest of the engine (no models, database
// or builds), for code that writes answers (the offline builder) or applies them as a run does.
export { actionOf, type ActionEvent, type EditAction } from './actions';
export { EditParser, parseEdits, parseSearchReplace, stripFence, type EditEvent, type ProblemKind, type SearchReplace } from './parse-edits';
export { writeAction, writeAnswer } from './write-edits';
export { readSproutCallOptions, SPROUT_CALL_OPTIONS_KEY, sproutProviderOptions, type SproutCallOptions } from './call-options';
export { readSproutAnswerMetadata, sproutAnswerMetadata, type SproutAnswerMetadata } from './answer-metadata';
export { applyEdits, replaceOnce, type ApplyProblem, type ApplyResult, type FileChange } from '../apply/apply-edits';
export { WorkingCopy, type ApplyOutcome } from '../apply/working-copy';
export { readPlanAnswer, writePlanAnswer, type PlanAnswer } from './plan-answer';
