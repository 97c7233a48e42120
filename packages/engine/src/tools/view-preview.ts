import { DATA_RULES_PATH } from '@sprout/core';
import { newId } from '@sprout/db';
import { z } from 'zod';
import { formatIssue, issue } from '../checks/issues';
import { applyFixers } from '../fixers/apply-fixers';
import { copyOf } from '../run/check-round';
import { capped, defineTool, plural, type ToolOutcome } from './tool-kit';

const MAX_CONSOLE = 40;

/** The picture's type from its first bytes (the API's render check takes JPEGs). */
const imageType = (bytes: Uint8Array) => (bytes[0] === 0x89 && bytes[1] === 0x50 ? 'image/png' : 'image/jpeg');

const NOT_CONFIGURED: ToolOutcome = {
  text: 'This server does not open versions in a browser (no render check is configured), so there is no preview to view. run_checks still builds the app.',
  summary: 'No preview: this server does not open apps in a browser',
};

/**
 * The app as the answer has changed it so far (with the fixers the run would apply), built and opened
 * by the host's render check in its Chromium, without the behaviour checks: what went wrong, what the
 * page logged, and its screenshot (shown to a model that sees pictures in tool results).
 */
export const viewPreview = defineTool({
  description:
    'Open the app as your answer has changed it so far in the server’s browser (1280×800): returns its console messages and errors, and a screenshot when you can see images.',
  inputSchema: z.object({}),
  calling: () => 'Opening the preview',
  async run(_input, { s, work, seesImages }): Promise<ToolOutcome> {
    const check = s.deps.renderCheck;
    if (!check) return NOT_CONFIGURED;
    const copy = copyOf(work);
    applyFixers(copy.files, copy.changed, s.input.images, s.deps.packages);
    const versionId = newId();
    const built = await s.deps.build(
      s.input.sproutId,
      versionId,
      [...copy.files].map(([path, content]) => ({ path, content })),
    );
    if (!built.ok) {
      const errors = built.errors.slice(0, 10).map((e) => `- ${formatIssue(issue('build', e.file, e.message, e.line, e.column))}`);
      return { text: `The app does not build, so it cannot be opened:\n${errors.join('\n')}`, summary: 'Preview: the app does not build' };
    }
    const dataRules = copy.files.get(DATA_RULES_PATH) ?? null;
    const outcome = await check({ sproutId: s.input.sproutId, ownerId: s.input.userId, versionId, checks: [], dataRules, signal: s.signal }).catch(
      (err: unknown) => {
        if (s.signal.aborted) throw err;
        return { status: 'skipped' as const, reason: `the check could not run (${err instanceof Error ? err.message : String(err)})`.slice(0, 300) };
      },
    );
    if (outcome.status === 'skipped') return { text: `The preview could not be opened: ${outcome.reason}`, summary: 'Preview: could not be opened' };
    const problems = outcome.status === 'failed' ? outcome.issues : [];
    const logged = outcome.console ?? [];
    const shot = outcome.thumbnail;
    const text = [
      `Opened the app in the server’s browser: ${problems.length ? plural(problems.length, 'problem') : 'no errors'}.`,
      ...problems.slice(0, 20).map((p) => `- [${p.kind}] ${formatIssue(issue('render', p.file, p.message, p.line, p.column)).slice(0, 400)}`),
      logged.length ? `Console (${logged.length}):` : 'Console: nothing was logged.',
      ...logged.slice(0, MAX_CONSOLE).map((l) => capped(`[${l.type}] ${l.text}`, 300)),
      shot
        ? seesImages
          ? 'Screenshot (320×200, a quarter of the page’s size) below.'
          : 'A screenshot was taken (you are not shown images).'
        : 'No screenshot could be taken.',
    ].join('\n');
    const said = `${problems.length ? plural(problems.length, 'error') : 'no errors'}, ${plural(logged.length, 'console message')}`;
    return { text, summary: `Viewed the preview: ${said}`, ...(shot ? { image: { data: shot, mediaType: imageType(shot) } } : {}) };
  },
});
