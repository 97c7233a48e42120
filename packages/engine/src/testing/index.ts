export { FakeModelServer, type FakeReply, type RecordedRequest } from './fake-model-server';
