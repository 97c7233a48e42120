import { describe, expect, it } from 'vitest';
import type { AppFunctionList, SecretList } from '@sprout/core/contract';
import { secretsMissingLive } from './live-secrets';

const fn = (name: string, secrets: string[]) => ({ name, access: 'anyone' as const, schedule: null, scheduleText: null, secrets });
const list = (...functions: ReturnType<typeof fn>[]): AppFunctionList => ({ versionId: 'v1', functions, problems: [] });
const live = (...names: string[]): SecretList => ({ dataset: 'live', secrets: names.map((name) => ({ name, hint: '', updatedAt: '2026-12-02T00:00:00Z' })) });

describe('secretsMissingLive', () => {
  it('names each secret a function reads that the live app lacks, once and sorted', () => {
    const functions = list(fn('notify', ['SLACK_URL', 'API_KEY']), fn('sync', ['API_KEY', 'CRM_TOKEN']));
    expect(secretsMissingLive(functions, live('CRM_TOKEN'))).toEqual(['API_KEY', 'SLACK_URL']);
  });

  it('is empty when every read secret is set live, when functions read none, and when there are no functions', () => {
    expect(secretsMissingLive(list(fn('notify', ['SLACK_URL'])), live('SLACK_URL', 'OTHER'))).toEqual([]);
    expect(secretsMissingLive(list(fn('hello', [])), live())).toEqual([]);
    expect(secretsMissingLive({ versionId: null, functions: [], problems: [] }, live())).toEqual([]);
  });
});
