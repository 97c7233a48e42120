// A project's remote git repository (GitHub, GitLab…): connected, shown, pulled from, disconnected.

export const projectRemote = { base: 'build', method: 'GET', path: '/sprouts/:id/remote' } as const;
/** Connects (or replaces) the remote and pushes the project's history to it. */
export const connectRemote = { base: 'build', method: 'PUT', path: '/sprouts/:id/remote' } as const;
export const disconnectRemote = { base: 'build', method: 'DELETE', path: '/sprouts/:id/remote' } as const;
/** Brings the remote's new commits in as versions. */
export const pullRemote = { base: 'build', method: 'POST', path: '/sprouts/:id/remote/pull' } as const;

export const GIT_REMOTES_ROUTES = { projectRemote, connectRemote, disconnectRemote, pullRemote };
