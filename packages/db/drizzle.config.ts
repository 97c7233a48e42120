import { defineConfig } from 'drizzle-kit';

export default defineConfig({
  dialect: 'postgresql',
  schema: [
    './src/schema.ts',
    './src/app-data/tables.ts',
    './src/attempts/tables.ts',
    './src/account/tables.ts',
    './src/oidc/tables.ts',
    './src/operators/tables.ts',
    './src/files/tables.ts',
    './src/runtime-errors/tables.ts',
    './src/limits/tables.ts',
    './src/functions/tables.ts',
    './src/app-ai/tables.ts',
    './src/app-email/tables.ts',
    './src/app-payments/tables.ts',
    './src/site-analytics/tables.ts',
    './src/publish-reports/tables.ts',
    './src/custom-domains/tables.ts',
    './src/site-settings/tables.ts',
    './src/git-access/tables.ts',
    './src/data-snapshots/tables.ts',
  ],
  out: './migrations',
});
