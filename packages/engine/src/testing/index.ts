export { FakeModelServer, type FakeReply, type FakeToolCall, type RecordedRequest, type SentToolResult } from './fake-model-server';
export { seedRun } from './seed-run';
