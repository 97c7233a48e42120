/** A tool's result as the client sent it back in a later request (OpenAI's `tool` messages, Anthropic's `tool_result` blocks). */
export interface SentToolResult {
  id: string;
  /** Its text; an image the client sent is `[image]`. */
  content: string;
}

type Part = { type?: string; text?: string; content?: unknown; tool_use_id?: string };
type Message = { role?: string; content?: unknown; tool_call_id?: string };

/** The text of a tool result's content: a string, or parts (text, and `[image]` for a picture). */
function textOf(content: unknown): string {
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return (content as Part[]).map((p) => (p.type === 'text' ? (p.text ?? '') : p.type === 'image' || p.type === 'image_url' ? '[image]' : '')).join('');
}

/**
 * The tool results a request carries back to the model: OpenAI's `role: 'tool'` messages, or
 * Anthropic's `tool_result` blocks in user messages, oldest first.
 */
export function sentToolResults(body: Record<string, unknown>): SentToolResult[] {
  const messages = Array.isArray(body.messages) ? (body.messages as Message[]) : [];
  const out: SentToolResult[] = [];
  for (const m of messages) {
    if (m.role === 'tool') out.push({ id: String(m.tool_call_id ?? ''), content: textOf(m.content) });
    if (m.role === 'user' && Array.isArray(m.content))
      for (const p of m.content as Part[]) if (p.type === 'tool_result') out.push({ id: String(p.tool_use_id ?? ''), content: textOf(p.content) });
  }
  return out;
}
