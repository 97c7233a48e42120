import vm from 'node:vm';
import { describe, expect, it } from 'vitest';
import { bridgeScript } from './bridge';

/** Runs the bridge in a bare window stand-in and records what it posts. */
function runBridge(options: { framed: boolean }) {
  const posted: { message: Record<string, unknown>; target: string }[] = [];
  const listeners: Record<string, ((event: unknown) => void)[]> = {};
  const logged: unknown[][] = [];
  const parent = { postMessage: (message: Record<string, unknown>, target: string) => posted.push({ message, target }) };
  const window: Record<string, unknown> = {
    addEventListener: (type: string, fn: (event: unknown) => void) => (listeners[type] ??= []).push(fn),
  };
  window.parent = options.framed ? parent : window;
  const console = Object.fromEntries(['log', 'info', 'warn', 'error', 'debug'].map((l) => [l, (...args: unknown[]) => logged.push([l, ...args])]));
  const context = vm.createContext({ window, console, location: { origin: 'http://p.preview.localhost:3001' }, fetch: async () => ({ ok: false }), Promise, JSON, Date, Error, Object, Array, String, Node: class {} });
  vm.runInContext(bridgeScript('http://localhost:3000/some/path'), context);
  const settle = () => new Promise((r) => setTimeout(r, 10));
  return { posted, listeners, logged, console: context.console as Record<string, (...a: unknown[]) => void>, settle };
}

describe('the runtime bridge', () => {
  it('forwards console output to the web origin only, and still logs it', async () => {
    const b = runBridge({ framed: true });
    b.console.log!('hello', { n: 1 }, [1, 2]);
    b.console.warn!('careful');
    await b.settle();
    expect(b.posted.map((p) => p.target)).toEqual(['http://localhost:3000', 'http://localhost:3000']);
    expect(b.posted[0]!.message).toMatchObject({ source: 'sprout-preview', type: 'console', level: 'log', message: 'hello {"n":1} [1,2]', location: null });
    expect(b.posted[1]!.message).toMatchObject({ level: 'warn', message: 'careful' });
    expect(b.logged).toEqual([['log', 'hello', { n: 1 }, [1, 2]], ['warn', 'careful']]);
  });

  it('forwards uncaught errors and unhandled rejections with what is known of their location', async () => {
    const b = runBridge({ framed: true });
    b.listeners.error![0]!({ message: 'Uncaught Error: boom', filename: 'http://p.preview.localhost:3001/_sprout/build/v/main-X.js', lineno: 3, colno: 7, error: null });
    b.listeners.unhandledrejection![0]!({ reason: 'nope' });
    await b.settle();
    expect(b.posted.map((p) => p.message)).toEqual([
      expect.objectContaining({ type: 'error', level: 'error', message: 'Uncaught Error: boom', location: { file: '/_sprout/build/v/main-X.js', line: 3, column: 7 } }),
      expect.objectContaining({ type: 'unhandledrejection', message: 'Unhandled promise rejection: nope', location: null }),
    ]);
  });

  it('handles circular values and stops forwarding a flood', async () => {
    const b = runBridge({ framed: true });
    const loop: Record<string, unknown> = { a: 1 };
    loop.self = loop;
    b.console.log!(loop);
    for (let i = 0; i < 600; i++) b.console.log!(i);
    await b.settle();
    expect(b.posted[0]!.message.message).toBe('{"a":1,"self":"[Circular]"}');
    expect(b.posted).toHaveLength(501);
    expect(b.posted[500]!.message.message).toContain('too many messages');
  });

  it('does nothing when the page is not framed', async () => {
    const b = runBridge({ framed: false });
    b.console.log!('alone');
    await b.settle();
    expect(b.posted).toEqual([]);
    expect(b.listeners).toEqual({});
  });
});
