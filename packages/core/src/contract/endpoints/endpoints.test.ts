import { describe, expect, it } from 'vitest';
import { ROUTES } from '../routes/route-table';
import { ENDPOINTS } from './index';

describe('the endpoints', () => {
  it('each carry the address the route table gives their name', () => {
    for (const [name, e] of Object.entries(ENDPOINTS)) {
      expect(e.name).toBe(name);
      expect({ base: e.base, method: e.method, path: e.path }).toEqual(ROUTES[name as keyof typeof ROUTES]);
    }
  });

  it('declare a body only where the method sends one', () => {
    for (const e of Object.values(ENDPOINTS)) if ('body' in e) expect(['POST', 'PUT', 'PATCH', 'DELETE'], e.name).toContain(e.method);
  });
});
