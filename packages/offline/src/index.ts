// @sprout/offline: the offline builder, a LanguageModel that composes apps from prompts without a
// network or a key (docs/architecture.md#the-shape-of-the-system). The API hands createOfflineModel to the engine as the `offline`
// provider; the engine itself does not know this package.
export { answerRequest, CONNECT_HINT, NO_MODEL_NOTE, type AnswerOptions } from './offline-answer';
export { chunksOf, createOfflineModel, type OfflineModelOptions } from './offline-model';
