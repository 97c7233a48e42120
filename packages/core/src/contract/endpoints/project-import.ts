import { ImportedProject, ImportSproutBody } from '../project-import';
import { endpoint } from '../endpoint';

/** A new project from a git repository or a zip (docs/architecture.md#importing-a-project). */
export const PROJECT_IMPORT_ENDPOINTS = {
  importSprout: endpoint('importSprout', {
    tag: 'sprouts',
    description: 'Body: `{ url, token?, name? }` (a git repository) or `{ zip, fileName, name? }` (a zip as base64, at most 20 MB).',
    body: ImportSproutBody,
    reply: { status: 201, schema: ImportedProject },
    errors: ['invalid_remote', 'remote_failed', 'invalid_zip', 'import_too_large', 'not_a_project', 'project_limit_reached'],
  }),
} as const;
