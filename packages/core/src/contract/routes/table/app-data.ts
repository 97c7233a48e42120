// The app's data, as its owner sees it.

export const appData = { base: 'build', method: 'GET', path: '/sprouts/:id/data/:dataset' } as const;
export const appDocuments = { base: 'build', method: 'GET', path: '/sprouts/:id/data/:dataset/collections/:name' } as const;
export const saveAppDocument = { base: 'build', method: 'PUT', path: '/sprouts/:id/data/:dataset/collections/:name/:docId' } as const;
export const deleteAppDocument = { base: 'build', method: 'DELETE', path: '/sprouts/:id/data/:dataset/collections/:name/:docId' } as const;
export const exportAppData = { base: 'build', method: 'GET', path: '/sprouts/:id/data/:dataset/export' } as const;
export const resetTestData = { base: 'build', method: 'POST', path: '/sprouts/:id/data/test/reset' } as const;
export const appUsers = { base: 'build', method: 'GET', path: '/sprouts/:id/data/:dataset/users' } as const;
export const deleteAppUser = { base: 'build', method: 'DELETE', path: '/sprouts/:id/data/:dataset/users/:userId' } as const;

export const APP_DATA_ROUTES = { appData, appDocuments, saveAppDocument, deleteAppDocument, exportAppData, resetTestData, appUsers, deleteAppUser };
