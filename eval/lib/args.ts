// `npm run eval -- --suite <dir> [--model <spec>] [--runs N] [--short] [--strict] [--json <file>] [--case <name>]…`

export interface EvalArgs {
  suite: string;
  /** A model spec (`offline`, `openai:gpt-4.1`, …) or `replay`; undefined: the suite's own. */
  model?: string;
  runs: number;
  short: boolean;
  strict: boolean;
  json?: string;
  /** Only these cases (by name; repeatable). */
  cases: string[];
  help: boolean;
}

export const USAGE = `Usage: npm run eval -- --suite <dir> [options]

  --suite <dir>     a suite folder (eval/offline, eval/replay)
  --model <spec>    the model to run the prompts against instead of the suite's own
                    (offline | openai:<model> | anthropic:<model> | openai-compatible:<url>#<model>);
                    the replay suite's recorded replies are then ignored
  --runs <n>        run every case n times (default 1)
  --short           only the suite's short subset (suite.json "short"), as CI does
  --strict          exit 1 when a judged case did not end as expected
  --json <file>     where to write the results (default eval/results/<suite>-latest.json)
  --case <name>     only this case (repeatable)`;

export class ArgsError extends Error {}

export function parseArgs(argv: readonly string[]): EvalArgs {
  const out: EvalArgs = { suite: '', runs: 1, short: false, strict: false, cases: [], help: false };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]!;
    const [flag, inline] = arg.startsWith('--') && arg.includes('=') ? [arg.slice(0, arg.indexOf('=')), arg.slice(arg.indexOf('=') + 1)] : [arg, undefined];
    const value = () => {
      const v = inline ?? argv[++i];
      if (v === undefined || (inline === undefined && v.startsWith('--'))) throw new ArgsError(`${flag} needs a value`);
      return v;
    };
    switch (flag) {
      case '--suite':
        out.suite = value();
        break;
      case '--model':
        out.model = value();
        break;
      case '--runs': {
        const v = value();
        const n = Number(v);
        if (!Number.isInteger(n) || n < 1 || n > 100) throw new ArgsError(`--runs must be a whole number from 1 to 100, not "${v}"`);
        out.runs = n;
        break;
      }
      case '--json':
        out.json = value();
        break;
      case '--case':
        out.cases.push(value());
        break;
      case '--short':
        out.short = true;
        break;
      case '--strict':
        out.strict = true;
        break;
      case '--help':
      case '-h':
        out.help = true;
        break;
      default:
        throw new ArgsError(`unknown argument "${arg}"`);
    }
  }
  if (!out.suite && !out.help) throw new ArgsError('--suite <dir> is required');
  return out;
}
