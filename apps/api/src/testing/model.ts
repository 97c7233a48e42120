import { FakeModelServer } from '@sprout/engine/testing';
import { useFixture } from '@sprout/testkit/vitest';
import { useTestApp, type TestApp } from './test-app';

/** The test file's fake model provider on 127.0.0.1 (`openai` chat completions or `anthropic` messages). */
export function useFakeModel(kind: 'openai' | 'anthropic' = 'openai'): FakeModelServer {
  return useFixture(
    'the fake model server',
    () => FakeModelServer.start(kind),
    (f) => f.close(),
  );
}

/**
 * The test file's app with a real model provider, no retries (a scripted failure is one failed
 * request). Both are made before the file's tests and closed after them. `env` adds to the app's
 * configuration, where the fake OpenAI-compatible server is the model `fake-coder`; given as a
 * function of the fake's URL, it configures the model itself (`kind` picks the fake's dialect).
 */
export function useModelTestApp(
  env: Record<string, string> | ((fakeUrl: string) => Record<string, string>) = {},
  kind: 'openai' | 'anthropic' = 'openai',
): { t: TestApp; fake: FakeModelServer } {
  const fake = useFakeModel(kind);
  const model = () => (typeof env === 'function' ? env(fake.url) : { SPROUT_MODEL: `openai-compatible:${fake.url}#fake-coder`, ...env });
  const t = useTestApp(() => ({ MODEL_MAX_RETRIES: '0', ...model() }));
  return { t, fake };
}
