import { describe, expect, it } from 'vitest';
import { packageAlternative } from './package-alternatives';

describe('packageAlternative', () => {
  it('names what to use instead of the packages models reach for', () => {
    expect(packageAlternative('react-icons')).toMatch(/lucide-react/);
    expect(packageAlternative('axios')).toMatch(/built-in fetch/);
    expect(packageAlternative('moment')).toMatch(/date-fns/);
    expect(packageAlternative('@radix-ui/react-popover')).toMatch(/'radix-ui'/);
    expect(packageAlternative('firebase')).toMatch(/@\/lib\/sprout/);
  });

  it('has no answer for other names, inherited object keys included', () => {
    expect(packageAlternative('left-pad')).toBeNull();
    expect(packageAlternative('constructor')).toBeNull();
    expect(packageAlternative('__proto__')).toBeNull();
  });
});
