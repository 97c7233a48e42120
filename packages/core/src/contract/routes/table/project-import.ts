// A new project from a git repository or a zip.

export const importSprout = { base: 'build', method: 'POST', path: '/sprouts/import' } as const;

export const PROJECT_IMPORT_ROUTES = { importSprout };
