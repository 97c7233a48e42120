import { idParams } from '../common';
import { endpoint } from '../endpoint';
import { ConnectRemoteBody, PullAnswer, RemoteStatus } from '../git-remotes';

const sproutParams = idParams('project');

/** Syncing a project with a remote git repository (docs/architecture.md, Git access). */
export const GIT_REMOTE_ENDPOINTS = {
  projectRemote: endpoint('projectRemote', { tag: 'build', params: sproutParams, reply: { status: 200, schema: RemoteStatus }, errors: [] }),
  connectRemote: endpoint('connectRemote', {
    tag: 'build',
    description:
      'Checks the address and token with the remote, keeps the token sealed, then pushes the history. A remote with commits Sprout lacks stays connected, its status saying to pull first.',
    params: sproutParams,
    body: ConnectRemoteBody,
    reply: { status: 200, schema: RemoteStatus },
    errors: ['invalid_remote', 'remote_failed'],
  }),
  disconnectRemote: endpoint('disconnectRemote', { tag: 'build', params: sproutParams, reply: { status: 204, kind: 'empty' }, errors: [] }),
  pullRemote: endpoint('pullRemote', {
    tag: 'build',
    description:
      "Fetches the remote's main: each commit on top of the current version becomes one version, checked like a push. Diverged histories change nothing.",
    params: sproutParams,
    reply: { status: 200, schema: PullAnswer },
    errors: ['no_remote', 'remote_failed', 'pull_refused', 'remote_diverged', 'run_active', 'version_conflict'],
  }),
} as const;
