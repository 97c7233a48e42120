// A project's files and versions, and uploaded images.

export const projectFiles = { base: 'build', method: 'GET', path: '/sprouts/:id/files' } as const;
export const saveFile = { base: 'build', method: 'PUT', path: '/sprouts/:id/files' } as const;
export const checkFile = { base: 'build', method: 'POST', path: '/sprouts/:id/files/check' } as const;
export const versions = { base: 'build', method: 'GET', path: '/sprouts/:id/versions' } as const;
export const restoreVersion = { base: 'build', method: 'POST', path: '/sprouts/:id/versions/:versionId/restore' } as const;
export const versionDiff = { base: 'build', method: 'GET', path: '/sprouts/:id/versions/:versionId/diff' } as const;
export const upload = { base: 'build', method: 'POST', path: '/uploads' } as const;
export const uploaded = { base: 'build', method: 'GET', path: '/uploads/:id' } as const;

export const FILES_ROUTES = { projectFiles, saveFile, checkFile, versions, restoreVersion, versionDiff, upload, uploaded };
