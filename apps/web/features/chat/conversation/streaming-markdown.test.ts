import { describe, expect, it } from 'vitest';
import { closeOpenMarkdown, plainMarkdown } from './streaming-markdown';

describe('markdown while it streams', () => {
  it('closes emphasis the text has opened', () => {
    expect(closeOpenMarkdown('I built **a recipe')).toBe('I built **a recipe**');
    expect(closeOpenMarkdown('I built **a recipe ')).toBe('I built **a recipe**');
    expect(closeOpenMarkdown('It is *quite')).toBe('It is *quite*');
    expect(closeOpenMarkdown('**bold *and italic')).toBe('**bold *and italic***');
    expect(closeOpenMarkdown('~~old')).toBe('~~old~~');
  });

  it('drops an opening mark with nothing after it yet', () => {
    expect(closeOpenMarkdown('I built **')).toBe('I built');
    expect(closeOpenMarkdown('Done: **tags** and **')).toBe('Done: **tags** and');
  });

  it('leaves complete text, list markers, snake_case and arithmetic alone', () => {
    const done = 'I built **Recipe Box** with *tags*.\n\n* one\n* two\n\nuse `snake_case_names` and 2 * 3 = 6, my_var_name';
    expect(closeOpenMarkdown(done)).toBe(done);
    expect(closeOpenMarkdown('a ** b')).toBe('a ** b');
  });

  it('closes inline code and code blocks', () => {
    expect(closeOpenMarkdown('Run `npm ins')).toBe('Run `npm ins`');
    expect(closeOpenMarkdown('Here:\n\n```ts\nconst a = **1')).toBe('Here:\n\n```ts\nconst a = **1\n```');
    expect(closeOpenMarkdown('```\ncode\n```\n\nAnd **more')).toBe('```\ncode\n```\n\nAnd **more**');
    // Emphasis marks inside code are code.
    expect(closeOpenMarkdown('`a ** b` and')).toBe('`a ** b` and');
  });

  it('shows a half-written link as its label', () => {
    expect(closeOpenMarkdown('See [the docs](https://exa')).toBe('See the docs');
    expect(closeOpenMarkdown('See [the do')).toBe('See the do');
    expect(closeOpenMarkdown('See [the docs](https://example.com) now')).toBe('See [the docs](https://example.com) now');
  });

  it('only the last paragraph can be open', () => {
    expect(closeOpenMarkdown('Odd ** here\n\nand **bold')).toBe('Odd ** here\n\nand **bold**');
  });

  it('drops the marks for plain display', () => {
    expect(plainMarkdown('## Done\n\nI built **Recipe Box** with *tags* and `code`. See [docs](https://x.y).')).toBe(
      'Done\n\nI built Recipe Box with tags and code. See docs.',
    );
    expect(plainMarkdown('keep snake_case_names and 2 * 3')).toBe('keep snake_case_names and 2 * 3');
    expect(plainMarkdown('half **open')).toBe('half open');
  });
});
