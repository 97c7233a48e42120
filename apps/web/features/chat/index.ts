// The public entry of chat: the project's chat — its session (runs, sending) and panel. The routes
// and other features import it from here.
export { ChatPanel } from './chat-panel';
export { selectActiveRunId, useChatSession, useChatState } from './session/use-chat-session';
