import { describe, expect, it } from 'vitest';
import { TOOLS } from './tool-set';
import { toolsPrompt } from './tools-prompt';

describe('toolsPrompt', () => {
  it('names every tool, says they never edit, and gives the step bound', () => {
    const prompt = toolsPrompt({ steps: 8, tokens: 1000 });
    for (const name of Object.keys(TOOLS)) expect(prompt).toContain(name);
    expect(prompt).toContain('Tools never change files');
    expect(prompt).toContain('at most 8 steps with tools');
  });
});
