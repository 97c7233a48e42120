import { SourceLocator } from '../checks/stack-locations';

// workerd runs a function's bundle as the module function.js beside Sprout's wrapper modules
// (packages/functions' runtime config), all under file:///bundle/.
const FRAME = /(?:file:\/\/\/bundle\/)?(?<![\w-])function\.js:(\d+):(\d+)/g;
const WRAPPER_FRAME = /^\s*at .*\bfile:\/\/\/bundle\/(?:call-function|dispatch)\.js:\d+:\d+\)?\s*$/;

/**
 * A function's error stack with each frame of its bundle placed in the project's files
 * ("functions/pay.ts:12:5", "lib/prices.ts:3:9"), read from the bundle's source map, and without
 * the frames of Sprout's own wrapper: what the Functions panel shows, and what a fix needs. Frames
 * it cannot place are left as they were.
 */
export function placeInSource(stack: string, map: string): string {
  const locator = new SourceLocator('', () => map);
  return stack
    .split('\n')
    .filter((line) => !WRAPPER_FRAME.test(line))
    .join('\n')
    .replace(FRAME, (frame, line: string, column: string) => {
      const at = locator.locate({ url: 'function.js', line: Number(line), column: Number(column) });
      return at && at.file !== 'function.js' ? `${at.file.replace(/^project:/, '')}:${at.line}:${at.column}` : frame;
    });
}
