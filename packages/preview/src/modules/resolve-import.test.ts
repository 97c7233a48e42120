import { describe, expect, it } from 'vitest';
import { locateSpecifier } from './resolve-import';

describe('locateSpecifier', () => {
  it('points at the opening quote of the first place the specifier is written (1-based)', () => {
    expect(locateSpecifier('import a from \'x\';\nimport b from "./y";\n', './y')).toEqual({ line: 2, column: 15 });
    expect(locateSpecifier("import axios from 'axios';", 'axios')).toEqual({ line: 1, column: 19 });
  });

  it('says nothing when the specifier is not in the source (added by the compiler)', () => {
    expect(locateSpecifier('export default () => <p />;', 'react/jsx-runtime')).toEqual({ line: null, column: null });
  });
});
