// Importing a project from a git repository or a zip (docs/architecture.md#importing-a-project):
// find the app, keep what a version may hold in Sprout's layout, and say what was left out.
export type { AppLayout } from './find-app-root';
export { finishImport, type ImportResult } from './finish-import';
export { importedName, importSummary, MAX_IMPORT_ZIP_BYTES, zipFileName } from './import-source';
export { type ImportFailure, type ImportPlan, type ImportRead, planImport } from './plan-import';
export type { ImportEntry } from './skip-rules';
export type { SkippedFile } from './skipped-files';
