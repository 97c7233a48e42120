import { describe, expect, it } from 'vitest';
import { HostDomain } from './host-domain';

describe('HostDomain', () => {
  it('takes a domain with an optional port, trimmed and in lower case', () => {
    expect(HostDomain.parse(' Preview.Example.COM ')).toBe('preview.example.com');
    expect(HostDomain.parse('preview.localhost:3001')).toBe('preview.localhost:3001');
    expect(HostDomain.parse('localhost')).toBe('localhost');
  });

  it.each(['https://preview.example.com', 'preview.example.com/path', 'preview..example.com', '-bad.example.com', 'a b.com', 'host:123456', ''])(
    'refuses %j with a message that shows the form',
    (value) => {
      const result = HostDomain.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error?.issues[0]?.message).toContain('like preview.localhost:3001');
    },
  );
});
