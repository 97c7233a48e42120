export { FakeModelServer, type FakeReply, type RecordedRequest } from './fake-model-server';
export { seedRun } from './seed-run';
