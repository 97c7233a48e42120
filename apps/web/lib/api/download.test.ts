import { describe, expect, it } from 'vitest';
import { fileNameFromDisposition } from './download';

describe('downloads', () => {
  it('reads a file name from Content-Disposition', () => {
    expect(fileNameFromDisposition('attachment; filename="todo.zip"')).toBe('todo.zip');
    expect(fileNameFromDisposition("attachment; filename*=UTF-8''caf%C3%A9.zip")).toBe('café.zip');
    expect(fileNameFromDisposition(null)).toBeNull();
  });
});
