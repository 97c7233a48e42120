import type { Attachment, SendMessageBody } from '@sprout/core/contract';
import type { QueryClient } from '@tanstack/react-query';
import type { ApiCall } from '@/lib/api/client';
import type { RunStreamConnection } from '@/lib/api/run-stream';
import type { RunView } from './run-view';

export interface ChatDeps {
  /** The page's typed call (lib/api/client): JSON, bearer token. */
  call: ApiCall;
  /** Where a run's events stream from (read by lib/api/run-stream, which sends the token itself). */
  eventsUrl: (runId: string) => string;
  getToken: (forceRefresh?: boolean) => Promise<string | null>;
  qc: QueryClient;
  /** Developer toolbar overrides sent with a message (course engineers only; undefined for everyone else). */
  flagOverrides: () => SendMessageBody['flags'] | undefined;
}

export interface ChatAttachment extends Attachment {
  /** A local object URL for the thumbnail while the server copy is not needed. */
  previewUrl?: string;
}

export interface PendingMessage {
  localId: string;
  text: string;
  attachments: ChatAttachment[];
  status: 'sending' | 'sent';
  runId: string | null;
  messageId: string | null;
  createdAt: string;
  /** Build pressed on a plan: the message is the plan's request with its answers. */
  planBuild?: boolean;
}

export type StreamState = RunStreamConnection | 'closed' | 'lost';

export interface ChatState {
  /** Messages sent from this page that the stored chat does not show yet (optimistic). */
  pending: PendingMessage[];
  /** Runs followed in this page (live or replayed), by id. */
  runs: Record<string, RunView>;
  /** Runs started or re-attached in this page, oldest first (runtime fixes have no user message). */
  followed: string[];
  streams: Record<string, StreamState>;
  activeRunId: string | null;
  stopping: boolean;
  sending: boolean;
  /** Text (and images) of a message that could not be sent, for the input to take back. */
  restore: { text: string; attachments: ChatAttachment[]; nonce: number } | null;
}

export const INITIAL_CHAT_STATE: ChatState = {
  pending: [],
  runs: {},
  followed: [],
  streams: {},
  activeRunId: null,
  stopping: false,
  sending: false,
  restore: null,
};

export type SendSource = 'chat' | 'first' | 'retry';

const ALLOWED_OVERRIDES = ['aiModelOverride', 'enablePartialFileReplacement', 'enableCondensedContext', 'enableImageUploads'] as const;

/** The per-message overrides the API accepts, from the developer toolbar's flags. */
export function messageFlagOverrides(flags: Record<string, unknown>): SendMessageBody['flags'] | undefined {
  const out: Record<string, unknown> = {};
  for (const key of ALLOWED_OVERRIDES) if (flags[key] !== undefined && flags[key] !== null) out[key] = flags[key];
  return Object.keys(out).length ? (out as SendMessageBody['flags']) : undefined;
}
