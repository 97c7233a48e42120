import { describe, expect, it } from 'vitest';
import { converse, starter } from '../testing';
import { buildApp, sameFiles, withAnswer } from './built-app';

describe('buildApp', () => {
  it('makes exactly the files a build of the same request writes, so a plan describes what gets built', () => {
    for (const request of ['i want a workout log where i record sets, reps and weight', 'A booking page for appointments', 'Build a snake game']) {
      const built = converse([request])[0]!.files;
      for (const [path, content] of buildApp(request).files) expect(built.get(path), `${request}: ${path}`).toBe(content);
      expect([...built.keys()].filter((p) => !starter().has(p) && !buildApp(request).files.has(p))).toEqual([]);
    }
  });

  it('appends an answer as an approved plan does, and tells builds apart', () => {
    expect(withAnswer('a log', 'Who should see it?', 'Only me')).toBe('a log\n\nWho should see it? Only me');
    expect(sameFiles(buildApp('a recipe box'), buildApp('a recipe box'))).toBe(true);
    expect(sameFiles(buildApp('a recipe box'), buildApp('a dark recipe box'))).toBe(false);
  });
});
