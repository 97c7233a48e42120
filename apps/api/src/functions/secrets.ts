import { MAX_SECRETS, secretHint } from '@sprout/core';
import { type AppScope, deleteSecret, listSealedSecrets, listSecretInfo, putSecret } from '@sprout/db';
import { AppError } from '../errors';
import type { Services } from '../services';

type SecretsDataset = 'test' | 'live';

// The sealed value is bound to its row: project, dataset and name.
const contextOf = (scope: AppScope, name: string) => `${scope.sproutId}:${scope.dataset}:${name}`;

/** Names and hints of a dataset's secrets: never a value. */
export async function listSecrets(s: Services, sproutId: string, dataset: SecretsDataset) {
  const rows = await listSecretInfo(s.db, { sproutId, dataset });
  return { secrets: rows.map((r) => ({ name: r.name, hint: r.hint, updatedAt: r.updatedAt.toISOString() })) };
}

export async function setSecret(s: Services, sproutId: string, dataset: SecretsDataset, name: string, value: string) {
  const scope: AppScope = { sproutId, dataset };
  const sealed = s.functions.box.seal(value, contextOf(scope, name));
  const result = await putSecret(s.db, scope, { name, ...sealed, hint: secretHint(value) }, MAX_SECRETS);
  if (!result.ok)
    throw new AppError(409, 'too_many_secrets', `A project may keep ${MAX_SECRETS} secrets for each of its test and live data. Delete one first.`);
  return { name, hint: secretHint(value), created: result.created };
}

export async function removeSecret(s: Services, sproutId: string, dataset: SecretsDataset, name: string): Promise<void> {
  if (!(await deleteSecret(s.db, { sproutId, dataset }, name))) throw new AppError(404, 'not_found', `There is no secret named ${name}.`);
}

/** A dataset's secrets, opened, for one function call (ctx.env). One that no key opens is left out, and logged. */
export async function secretsForCall(s: Services, sproutId: string, dataset: SecretsDataset): Promise<Record<string, string>> {
  const scope: AppScope = { sproutId, dataset };
  const env: Record<string, string> = {};
  for (const row of await listSealedSecrets(s.db, scope)) {
    const value = s.functions.box.open(row.sealed, row.keyId, contextOf(scope, row.name));
    if (value === null) s.log.warn({ sproutId, dataset, name: row.name, keyId: row.keyId }, 'a secret no configured key opens (SECRETS_KEY changed?)');
    else env[row.name] = value;
  }
  return env;
}
