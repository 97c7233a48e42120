import { converse } from './testing';
const prompts = process.argv.slice(2);
for (const p of prompts) {
  const turns = await converse([p]);
  const t = turns[turns.length-1] as any;
  console.log('=== ', p);
  console.log(String(t.prose ?? t.summary ?? '').slice(0, 400));
  const files = t.files as Map<string,string>;
  console.log('rules:', files.get('sprout.data.json') ?? '(none)');
  console.log('files:', [...files.keys()].filter(k=>k.includes('App')||k.includes('Auth')).join(', '));
}
