import { describe, expect, it } from 'vitest';
import { parseModule } from '../syntax/parse-module';
import { applySplices, jsString, jsxAttributeValue, jsxChildText, templateText } from './splices';

/** The value a JavaScript string literal holds, read back by the parser. */
function readString(literal: string): unknown {
  const statement = parseModule('a.ts', `x = ${literal};`)!.program.body[0]!;
  if (statement.type !== 'ExpressionStatement' || statement.expression.type !== 'AssignmentExpression') return undefined;
  const value = statement.expression.right;
  if (value.type === 'StringLiteral') return value.value;
  if (value.type === 'TemplateLiteral' && value.expressions.length === 0) return value.quasis[0]!.value.cooked;
  return undefined;
}

describe('applySplices', () => {
  it('makes every splice at its offset, from the end', () => {
    const code = '0123456789';
    const result = applySplices(code, [
      { start: 1, end: 3, text: 'ab', edit: 0 },
      { start: 8, end: 8, text: '+', edit: 1 },
      { start: 5, end: 6, text: '', edit: 2 },
    ]);
    expect(result).toEqual({ ok: true, code: '0ab3467+89' });
  });

  it('keeps insertions at one offset in the order they were made', () => {
    expect(
      applySplices('<img />', [
        { start: 4, end: 4, text: ' a', edit: 0 },
        { start: 4, end: 4, text: ' b', edit: 1 },
      ]),
    ).toEqual({ ok: true, code: '<img a b />' });
  });

  it('refuses overlapping splices and names the later edit', () => {
    expect(
      applySplices('0123456789', [
        { start: 1, end: 5, text: 'x', edit: 3 },
        { start: 4, end: 6, text: 'y', edit: 7 },
      ]),
    ).toEqual({ ok: false, edit: 7 });
    expect(
      applySplices('0123456789', [
        { start: 1, end: 5, text: 'x', edit: 0 },
        { start: 3, end: 3, text: 'y', edit: 1 },
      ]),
    ).toEqual({ ok: false, edit: 1 });
    expect(
      applySplices('0123456789', [
        { start: 1, end: 5, text: 'x', edit: 0 },
        { start: 5, end: 5, text: 'y', edit: 1 },
      ]),
    ).toEqual({ ok: true, code: '0xy56789' });
  });
});

describe('encoders', () => {
  it('writes JavaScript strings in the source’s quotes that read back to the value', () => {
    const values = ["It's", 'say "hi"', 'back\\slash', '</script>', 'a\u2028b', '${x}', 'mixed \' and "'];
    for (const v of values) {
      expect(readString(jsString(v, "'"))).toBe(v);
      expect(readString(jsString(v, '"'))).toBe(v);
      expect(readString(`\`${templateText(v)}\``)).toBe(v);
    }
    expect(jsString("It's", "'")).toBe("'It\\'s'");
    expect(jsString('say "hi"', "'")).toBe(`'say "hi"'`);
  });

  it('quotes a JSX attribute only when JSX reads it back as it is', () => {
    expect(jsxAttributeValue('p-4 flex')).toBe('"p-4 flex"');
    expect(jsxAttributeValue('[&_svg]:size-4 p-2')).toBe('"[&_svg]:size-4 p-2"');
    expect(jsxAttributeValue('https://x.test/?a=1&b=2')).toBe('"https://x.test/?a=1&b=2"');
    expect(jsxAttributeValue('a"b')).toBe('{"a\\"b"}');
    expect(jsxAttributeValue('https://x.test/?a=1&copy;=2')).toBe('{"https://x.test/?a=1&copy;=2"}');
    expect(jsxAttributeValue("it's", "'")).toBe(`{"it's"}`);
    for (const value of ['a"b', "a'b", 'x &amp; y', '&#60;script&#62;', 'a&b', '[&>svg]:hidden', 'back\\slash', '{braces}', '</script>']) {
      for (const quote of ['"', "'"]) {
        const tree = parseModule('a.tsx', `<a x=${jsxAttributeValue(value, quote)} />`)!;
        const statement = tree.program.body[0]!;
        const element = statement.type === 'ExpressionStatement' && statement.expression.type === 'JSXElement' ? statement.expression : null;
        const attribute = element?.openingElement.attributes[0];
        const node = attribute?.type === 'JSXAttribute' ? attribute.value : null;
        const read =
          node?.type === 'StringLiteral'
            ? node.value
            : node?.type === 'JSXExpressionContainer' && node.expression.type === 'StringLiteral'
              ? node.expression.value
              : null;
        expect(read, `${quote}${value}`).toBe(value);
      }
    }
  });

  it('writes text as a JSX child, braced when JSX would read it otherwise', () => {
    expect(jsxChildText('Hello world')).toBe('Hello world');
    expect(jsxChildText('a { b }')).toBe('{"a { b }"}');
    expect(jsxChildText('</script>')).toBe('{"</script>"}');
    expect(jsxChildText('Tom & Jerry')).toBe('{"Tom & Jerry"}');
    expect(jsxChildText(' padded ')).toBe('{" padded "}');
    expect(jsxChildText('')).toBe('{""}');
    expect(jsxChildText('"quoted" and \'single\'')).toBe('"quoted" and \'single\'');
  });
});
