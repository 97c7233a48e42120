import { describe, expect, it } from 'vitest';
import { parseDataRules } from './rules';
import { validateDocument } from './validate-document';

const rulesWith = (fields: string) => parseDataRules(`{ "collections": { "notes": { "read": "anyone", "fields": ${fields} } } }`);

describe('field names', () => {
  it('declares letters, digits and _, and refuses "__proto__", which would replace the fields’ prototype', () => {
    const ok = rulesWith('{ "title": "string", "_draft": "boolean", "constructor": "string" }');
    expect(ok.ok && Object.keys(ok.rules.collections.notes!.fields)).toEqual(['title', '_draft', 'constructor']);
    const proto = rulesWith('{ "__proto__": { "type": "string", "required": true } }');
    expect(proto).toMatchObject({ ok: false, problems: ['sprout.data.json: collection "notes": "__proto__" is not a field name a document may have'] });
  });

  it('refuses a document with a "__proto__" key, as JSON.parse makes one', () => {
    const rules = rulesWith('{ "title": "string" }');
    if (!rules.ok) throw new Error(rules.problems.join('; '));
    const notes = rules.rules.collections.notes!;
    expect(validateDocument(notes, JSON.parse('{ "title": "a", "__proto__": { "admin": true } }'))).toEqual({
      ok: false,
      problems: ['"__proto__" is not a field name (letters, digits and _, starting with a letter or _).'],
    });
    expect(validateDocument(notes, { title: 'a', constructor: 'b' })).toMatchObject({ ok: true });
  });
});
