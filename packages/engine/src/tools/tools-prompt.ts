import type { ToolLimits } from '@sprout/core';

/** What the system prompt adds for a model that uses tools: what they are for, that they never edit, and the step bound. */
export function toolsPrompt(limits: ToolLimits): string {
  return `## Tools

You can call tools before and while you answer. They see the project as your answer has changed it so far:
- read_file, search_files, list_files: the project's files (files the turn already shows you need not be read again).
- run_checks: the build, the type check, the app opened in the server's browser and its behaviour checks (checks/*.json), with what fails.
- view_preview: the app opened in the server's browser: its console, errors and a screenshot.
- query_data: the app's test data, read-only.
- ask_person: one short question to the person, only when you cannot go on without their answer. Your reply ends there and nothing is changed.

Tools never change files: every change is still a <sprout-write>, <sprout-edit>, <sprout-delete> or <sprout-rename> block in your answer's text, written as always. You have at most ${limits.steps} steps with tools in this reply: read what you need, make the change, check it if it is risky, then finish your answer. Do not call a tool again with the same input when nothing has changed.`;
}
