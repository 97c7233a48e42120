import {
  AppDocument,
  AppUserList,
  AppUserParams,
  CollectionParams,
  DataExportQuery,
  DataOverview,
  DatasetParams,
  DocumentListQuery,
  DocumentPage,
  DocumentParams,
  PutDocumentBody,
} from '../app-data';
import { idParams } from '../common';
import { endpoint } from '../endpoint';

/** The Data panel: the owner's view of their app's backend, per dataset (test: the preview's, live: the published app's). */
export const APP_DATA_ENDPOINTS = {
  appData: endpoint('appData', { tag: 'data', params: DatasetParams, reply: { status: 200, schema: DataOverview }, errors: [] }),
  appDocuments: endpoint('appDocuments', {
    tag: 'data',
    params: CollectionParams,
    query: DocumentListQuery,
    reply: { status: 200, schema: DocumentPage },
    errors: ['invalid_query'],
  }),
  saveAppDocument: endpoint('saveAppDocument', {
    tag: 'data',
    params: DocumentParams,
    body: PutDocumentBody,
    reply: { status: 200, schema: AppDocument },
    // Written under the app's own rules: unreadable rules refuse every write, since its unique fields are unknown.
    errors: ['rules_invalid', 'invalid_document', 'duplicate', 'quota_exceeded'],
  }),
  deleteAppDocument: endpoint('deleteAppDocument', { tag: 'data', params: DocumentParams, reply: { status: 204, kind: 'empty' }, errors: [] }),
  exportAppData: endpoint('exportAppData', {
    tag: 'data',
    description: 'application/json or text/csv, as an attachment',
    params: DatasetParams,
    query: DataExportQuery,
    reply: { status: 200, kind: 'file', types: ['application/json', 'text/csv'] },
    errors: ['collection_required'],
  }),
  // Only the test data: live data is the published app's, and its visitors'.
  resetTestData: endpoint('resetTestData', { tag: 'data', params: idParams('project'), reply: { status: 204, kind: 'empty' }, errors: [] }),
  appUsers: endpoint('appUsers', { tag: 'data', params: DatasetParams, reply: { status: 200, schema: AppUserList }, errors: [] }),
  deleteAppUser: endpoint('deleteAppUser', { tag: 'data', params: AppUserParams, reply: { status: 204, kind: 'empty' }, errors: [] }),
} as const;
