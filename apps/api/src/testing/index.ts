// The API's test helpers, for its own tests and for the suites that drive it in-process
// (security, reliability): `@sprout/api/testing`.
export type { Session } from '@sprout/core/contract';
export type { RouteEntry } from '../app';
export { safeReturnPath as previewReturnPath } from '../hosting/response';
export { createTestApp, useTestApp, type TestApp } from './test-app';
export { listenApiInstance, type ApiInstance } from './instance';
export { useFakeModel, useModelTestApp } from './model';
export {
  APP,
  bridgeReportsError,
  expectWellFormed,
  fileOf,
  newProject,
  openPreviewPage,
  previewLoadTag,
  runEvents,
  send,
  sendAndWait,
  streamedFile,
  usedToday,
  versionsOf,
  writeApp,
  type OpenedPreview,
} from './runs';
export {
  fakePrice,
  fakeSubscription,
  startFakeStripe,
  stripeEnv,
  stripeSignature,
  useFakeStripe,
  type FakePrice,
  type FakeStripe,
  type FakeSubscription,
} from './fake-stripe';
export { appVisitor, previewCookie, writeProjectFiles } from './app-backend';
// The API's configuration check, for tests that hold deployment files to it (scripts/deploy.test.ts).
export { loadConfig } from '../config';
export { accessToken, cloneUrl } from './git-client';
// Git as a person runs it, and a git server as GitHub is one (the browser suite uses them too).
export { gitClient, startGitRemoteServer, type GitRemoteServer, type GitResult } from '@sprout/testkit';
