import { describe, expect, it } from 'vitest';
import { buildApp } from './built-app';
import { designOf } from './plan-design';

const designFor = (request: string) => {
  const { spec, files } = buildApp(request);
  return designOf(files, { family: spec.family, mobile: spec.flags.mobile });
};

describe('plan design', () => {
  it('names the theme, where its colours come from and the colours themselves', () => {
    expect(designFor('a recipe box with tags')).toMatch(
      /^Light theme, colours: indigo palette \(Sprout's choice for this kind of app\): buttons and links #4f46e5 on a #ffffff page\. Comfortable spacing\./,
    );
    expect(designFor('a dark mode recipe box in earthy tones')).toMatch(
      /^Dark theme, colours: earthy palette \(from the prompt\): buttons and links #[0-9a-f]{6} on a #1c1612 page\./,
    );
  });

  it('says how dense the screens are for the kind of app, and phones first when asked', () => {
    expect(designFor('An admin tool to manage requests')).toContain('Dense: a sortable table');
    expect(designFor('Build a mobile-optimised appointment scheduler')).toContain('Phones first');
    expect(designFor('A kanban board for my team')).toContain('Columns of compact cards');
  });

  it('reads a project that is not the offline builder’s without inventing colours', () => {
    expect(designOf(new Map(), { family: null })).toMatch(/^Light theme, colours: the template’s neutral greys\. Comfortable spacing\./);
  });
});
