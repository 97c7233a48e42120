import { describe, expect, it } from 'vitest';
import { classFor, currentValue, familyOf, hasBorderWidth, replaceClass, replaces, styleLabel } from './class-rules';
import { STYLE_PROPERTIES } from './style-properties';

describe('familyOf', () => {
  const cases: [string, string | null][] = [
    ['text-sm', 'fontSize'],
    ['text-2xl', 'fontSize'],
    ['text-base/7', 'fontSize'],
    ['text-[14px]', 'fontSize'],
    ['text-center', 'textAlign'],
    ['text-justify', 'textAlign'],
    ['text-wrap', null],
    ['text-nowrap', null],
    ['text-balance', null],
    ['text-pretty', null],
    ['text-ellipsis', null],
    ['text-clip', null],
    ['text-shadow-lg', null],
    ['text-[#123]', 'textColor'],
    ['text-red-500', 'textColor'],
    ['text-white', 'textColor'],
    ['text-white/80', 'textColor'],
    ['text-primary', 'textColor'],
    ['text-muted-foreground', 'textColor'],
    ['text-(--brand)', 'textColor'],
    ['bg-[--brand]', 'backgroundColor'],
    ['text-[length:var(--x)]', 'fontSize'],
    ['bg-primary', 'backgroundColor'],
    ['bg-emerald-700', 'backgroundColor'],
    ['bg-[#1f7a4d]', 'backgroundColor'],
    ['bg-primary/90', 'backgroundColor'],
    ['bg-[rgb(1,2,3)]', 'backgroundColor'],
    ['bg-cover', null],
    ['bg-contain', null],
    ['bg-center', null],
    ['bg-left-top', null],
    ['bg-no-repeat', null],
    ['bg-repeat-x', null],
    ['bg-fixed', null],
    ['bg-none', null],
    ['bg-gradient-to-r', null],
    ['bg-linear-to-r', null],
    ['bg-clip-text', null],
    ['bg-origin-border', null],
    ['bg-blend-multiply', null],
    ['bg-[url(/hero.png)]', null],
    ['border', null],
    ['border-2', null],
    ['border-t', null],
    ['border-x-4', null],
    ['border-[3px]', null],
    ['border-solid', null],
    ['border-dashed', null],
    ['border-dotted', null],
    ['border-none', null],
    ['border-collapse', null],
    ['border-t-red-500', null],
    ['border-red-500', 'borderColor'],
    ['border-[#abc]', 'borderColor'],
    ['border-border', 'borderColor'],
    ['border-input', 'borderColor'],
    ['p-4', 'padding'],
    ['p-[12px]', 'padding'],
    ['p-px', 'padding'],
    ['px-2', 'paddingX'],
    ['py-0.5', 'paddingY'],
    ['pt-4', null],
    ['-p-4', null],
    ['m-2', 'margin'],
    ['-m-2', 'margin'],
    ['m-auto', 'margin'],
    ['mx-auto', 'marginX'],
    ['-my-1', 'marginY'],
    ['mt-4', null],
    ['gap-4', 'gap'],
    ['gap-x-2', null],
    ['font-thin', 'fontWeight'],
    ['font-black', 'fontWeight'],
    ['font-semibold', 'fontWeight'],
    ['font-sans', null],
    ['font-serif', null],
    ['font-mono', null],
    ['rounded', 'radius'],
    ['rounded-lg', 'radius'],
    ['rounded-sm', 'radius'],
    ['rounded-full', 'radius'],
    ['rounded-none', 'radius'],
    ['rounded-[8px]', 'radius'],
    ['rounded-t-lg', null],
    ['rounded-bl', null],
    ['hidden', 'visibility'],
    ['invisible', 'visibility'],
    ['hover:bg-black', null],
    ['md:p-4', null],
    ['dark:text-white', null],
    ['[&_svg]:size-4', null],
    ['!p-4', null],
    ['p-4!', null],
    ['flex', null],
    ['placeholder-gray-400', null],
    ['', null],
  ];
  it.each(cases)('%s → %s', (cls, family) => {
    expect(familyOf(cls)).toBe(family);
  });
});

describe('classFor', () => {
  const made: [Parameters<typeof classFor>[0], string, string][] = [
    ['backgroundColor', 'emerald-700', 'bg-emerald-700'],
    ['backgroundColor', '#1f7a4d', 'bg-[#1f7a4d]'],
    ['backgroundColor', '#ABC', 'bg-[#abc]'],
    ['backgroundColor', '[#1f7a4d]', 'bg-[#1f7a4d]'],
    ['backgroundColor', 'primary/90', 'bg-primary/90'],
    ['textColor', 'muted-foreground', 'text-muted-foreground'],
    ['textColor', 'white', 'text-white'],
    ['borderColor', 'input', 'border-input'],
    ['padding', '4', 'p-4'],
    ['padding', 'px', 'p-px'],
    ['paddingX', '0.5', 'px-0.5'],
    ['paddingY', '96', 'py-96'],
    ['margin', 'auto', 'm-auto'],
    ['marginX', 'auto', 'mx-auto'],
    ['margin', '-2', '-m-2'],
    ['marginY', '0', 'my-0'],
    ['gap', '6', 'gap-6'],
    ['fontSize', '2xl', 'text-2xl'],
    ['fontSize', 'base', 'text-base'],
    ['fontWeight', 'semibold', 'font-semibold'],
    ['radius', '', 'rounded'],
    ['radius', 'DEFAULT', 'rounded'],
    ['radius', 'base', 'rounded'],
    ['radius', 'full', 'rounded-full'],
    ['textAlign', 'center', 'text-center'],
    ['visibility', 'hidden', 'hidden'],
    ['visibility', 'visible', ''],
  ];
  it.each(made)('%s %j → %s', (property, value, className) => {
    expect(classFor(property, value)).toEqual({ ok: true, className });
  });

  const refused: [Parameters<typeof classFor>[0], string][] = [
    ['backgroundColor', 'red-500 hover:bg-black'],
    ['backgroundColor', '[url(x)]'],
    ['backgroundColor', 'url(x)'],
    ['backgroundColor', '#12345g'],
    ['backgroundColor', '#1234'],
    ['backgroundColor', 'red-550'],
    ['backgroundColor', 'brand'],
    ['backgroundColor', 'red-500;'],
    ['backgroundColor', '"red-500"'],
    ['backgroundColor', 'primary/101'],
    ['backgroundColor', ''],
    ['textColor', 'Red-500'],
    ['padding', '13'],
    ['padding', 'auto'],
    ['padding', '-2'],
    ['padding', '4 '],
    ['padding', '[12px]'],
    ['margin', '-0'],
    ['margin', '-auto'],
    ['gap', 'px-4'],
    ['fontSize', '10xl'],
    ['fontSize', 'sm md'],
    ['fontWeight', '700'],
    ['radius', 'huge'],
    ['radius', '[8px]'],
    ['textAlign', 'middle'],
    ['visibility', 'none'],
  ];
  it.each(refused)('refuses %s %j', (property, value) => {
    const result = classFor(property, value);
    expect(result.ok).toBe(false);
  });

  it('says in plain words what a property takes', () => {
    expect(classFor('backgroundColor', 'url(x)')).toEqual({
      ok: false,
      message: 'Background must be a colour from the palette (like emerald-700 or primary) or a hex code like #1f7a4d.',
    });
    expect(classFor('margin', 'x')).toMatchObject({ ok: false, message: expect.stringContaining('or auto') });
    expect(classFor('visibility', 'x')).toEqual({ ok: false, message: 'Visibility must be hidden or visible.' });
  });

  it('makes only classes that read back to the same value', () => {
    for (const [property, value, className] of made) {
      if (!className || className === 'rounded') continue;
      const back = currentValue(className, property);
      expect(back === value || back === value.toLowerCase() || back === value.replace(/^\[(.*)\]$/, '$1')).toBe(true);
    }
  });
});

describe('replaceClass', () => {
  it('replaces the family and keeps every other class in its order', () => {
    expect(replaceClass('flex bg-white p-4 hover:bg-gray-100', 'backgroundColor', 'bg-emerald-700')).toBe('flex p-4 hover:bg-gray-100 bg-emerald-700');
  });

  it('removes the family when the class is null or empty', () => {
    expect(replaceClass('flex bg-white p-4', 'backgroundColor', null)).toBe('flex p-4');
    expect(replaceClass('hidden md:block', 'visibility', '')).toBe('md:block');
  });

  it('removes the narrower classes a property covers', () => {
    expect(replaceClass('pt-2 px-3 pb-4 pl-1 flex', 'padding', 'p-6')).toBe('flex p-6');
    expect(replaceClass('pt-2 px-3 pl-1 pr-2 ps-1', 'paddingX', 'px-6')).toBe('pt-2 px-6');
    expect(replaceClass('pt-2 px-3 pb-4', 'paddingY', 'py-1')).toBe('px-3 py-1');
    expect(replaceClass('-mt-2 mx-auto m-4', 'margin', 'm-0')).toBe('m-0');
    expect(replaceClass('gap-x-2 gap-y-4 grid', 'gap', 'gap-3')).toBe('grid gap-3');
    expect(replaceClass('rounded-t-lg rounded-bl-none shadow', 'radius', 'rounded-xl')).toBe('shadow rounded-xl');
    expect(replaceClass('border-t-red-500 border', 'borderColor', 'border-blue-500')).toBe('border border-blue-500');
  });

  it('leaves the other families of an overloaded prefix alone', () => {
    expect(replaceClass('text-sm text-center text-gray-500 text-nowrap', 'textColor', 'text-white')).toBe('text-sm text-center text-nowrap text-white');
    expect(replaceClass('text-sm text-center text-gray-500', 'fontSize', 'text-lg')).toBe('text-center text-gray-500 text-lg');
    expect(replaceClass('bg-cover bg-center bg-black bg-[url(/a.png)]', 'backgroundColor', 'bg-white')).toBe('bg-cover bg-center bg-[url(/a.png)] bg-white');
  });

  it('gives a border colour a border to colour', () => {
    expect(replaceClass('p-4', 'borderColor', 'border-red-500')).toBe('p-4 border border-red-500');
    expect(replaceClass('p-4 border-2', 'borderColor', 'border-red-500')).toBe('p-4 border-2 border-red-500');
    expect(replaceClass('border-b border-gray-200', 'borderColor', 'border-red-500')).toBe('border-b border-red-500');
    expect(replaceClass('border border-red-500', 'borderColor', null)).toBe('border');
  });

  it('never leaves doubled or edge spaces', () => {
    expect(replaceClass('  flex   bg-white  ', 'backgroundColor', null)).toBe('flex');
    expect(replaceClass('', 'padding', 'p-4')).toBe('p-4');
    expect(replaceClass('bg-white', 'backgroundColor', null)).toBe('');
  });

  it('does not add a class twice', () => {
    expect(replaceClass('hidden', 'visibility', 'hidden')).toBe('hidden');
  });
});

describe('currentValue', () => {
  it('reads the value of each family', () => {
    const list = 'flex bg-[#1f7a4d] text-emerald-700 text-lg font-bold p-4 px-2 -my-1 gap-3 rounded-lg text-center hidden border-border';
    expect(currentValue(list, 'backgroundColor')).toBe('#1f7a4d');
    expect(currentValue(list, 'textColor')).toBe('emerald-700');
    expect(currentValue(list, 'fontSize')).toBe('lg');
    expect(currentValue(list, 'fontWeight')).toBe('bold');
    expect(currentValue(list, 'padding')).toBe('4');
    expect(currentValue(list, 'paddingX')).toBe('2');
    expect(currentValue(list, 'paddingY')).toBeNull();
    expect(currentValue(list, 'marginY')).toBe('-1');
    expect(currentValue(list, 'gap')).toBe('3');
    expect(currentValue(list, 'radius')).toBe('lg');
    expect(currentValue(list, 'textAlign')).toBe('center');
    expect(currentValue(list, 'visibility')).toBe('hidden');
    expect(currentValue(list, 'borderColor')).toBe('border');
  });

  it('takes the last class of a family and ignores variants', () => {
    expect(currentValue('bg-white hover:bg-black bg-gray-100', 'backgroundColor')).toBe('gray-100');
    expect(currentValue('md:p-8', 'padding')).toBeNull();
    expect(currentValue('rounded', 'radius')).toBe('DEFAULT');
    expect(currentValue('text-sm/6', 'fontSize')).toBe('sm');
  });
});

describe('helpers', () => {
  it('knows what a property replaces and what gives a border width', () => {
    expect(replaces('padding', 'pt-2')).toBe(true);
    expect(replaces('paddingY', 'pl-2')).toBe(false);
    expect(replaces('backgroundColor', 'hover:bg-red-500')).toBe(false);
    expect(hasBorderWidth('border-x-2 border-red-500')).toBe(true);
    expect(hasBorderWidth('border-red-500')).toBe(false);
  });

  it('names every property', () => {
    for (const p of STYLE_PROPERTIES) expect(styleLabel(p)).toMatch(/^[a-z ]+$/);
  });
});
