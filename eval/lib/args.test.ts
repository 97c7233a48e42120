import { describe, expect, it } from 'vitest';
import { ArgsError, parseArgs } from './args';

describe('parseArgs', () => {
  it('reads every option, in both --flag value and --flag=value forms', () => {
    expect(
      parseArgs(['--suite', 'eval/replay', '--model=openai:gpt-4.1', '--runs', '3', '--short', '--strict', '--json', '/tmp/x.json', '--case', 'a', '--case=b']),
    ).toEqual({
      suite: 'eval/replay',
      model: 'openai:gpt-4.1',
      runs: 3,
      short: true,
      strict: true,
      json: '/tmp/x.json',
      cases: ['a', 'b'],
      help: false,
    });
  });

  it('defaults to one run of every case, not strict', () => {
    expect(parseArgs(['--suite', 'eval/offline'])).toEqual({ suite: 'eval/offline', runs: 1, short: false, strict: false, cases: [], help: false });
  });

  it('keeps a model spec that contains "=" and "#" whole', () => {
    expect(parseArgs(['--suite', 's', '--model=openai-compatible:http://127.0.0.1:8080/v1?a=b#m']).model).toBe(
      'openai-compatible:http://127.0.0.1:8080/v1?a=b#m',
    );
  });

  it('needs no suite for --help', () => {
    expect(parseArgs(['--help']).help).toBe(true);
    expect(parseArgs(['-h']).help).toBe(true);
  });

  it.each([
    [[], /--suite <dir> is required/],
    [['--suite'], /--suite needs a value/],
    [['--suite', '--short'], /--suite needs a value/],
    [['--suite', 's', '--runs', '0'], /--runs must be a whole number from 1 to 100, not "0"/],
    [['--suite', 's', '--runs', '1.5'], /not "1.5"/],
    [['--suite', 's', '--runs', 'many'], /not "many"/],
    [['--suite', 's', '--runs', '101'], /not "101"/],
    [['--suite', 's', '--model'], /--model needs a value/],
    [['--suite', 's', '--verbose'], /unknown argument "--verbose"/],
    [['--suite', 's', 'extra'], /unknown argument "extra"/],
  ])('refuses %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(ArgsError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
