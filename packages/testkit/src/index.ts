// The shared test kit: processes, ports, waiting, the API over HTTP and run event streams. The
// browser half (Chromium, signing a page in) is `@sprout/testkit/browser`.
export { freePort } from './ports';
export { waitUntil, type WaitOptions } from './wait';
export { MAX_SLOWDOWN, scaledTimeout, slowdown, type MachineLoad } from './timeouts';
export {
  API_ENTRY,
  ROOT,
  SHARED_PREVIEW_CACHE,
  startApi,
  startProduct,
  startServer,
  startStandaloneApi,
  startWeb,
  type ApiProcess,
  type RunningProduct,
  type ServerProcess,
} from './processes';
export { INSTALLED, linkInstalledPackages, missingPackages } from './installed-packages';
export { ApiClient, PASSWORD, uniqueEmail, type Answer, type TestAccount } from './api';
export { SmtpSink, type ReceivedMail } from './smtp-sink';
export { TestDnsServer, type DnsZone } from './dns-server';
export { gitClient, type GitResult } from './git-client';
export { startGitRemoteServer, type GitRemoteServer } from './git-remote-server';
export { CADDY, startCaddy, type RunningCaddy } from './caddy';
export { followRun, parseRunEvents, runEventOf, type FollowedRun, type FollowOptions, type ReceivedRunEvent } from './sse';
export { createSmallApp, smallAppFiles, type SmallApp } from './small-app';
