// htmlhint ships no type declarations; this is the part of its API the checks use.
declare module 'htmlhint' {
  export interface HtmlHintMessage {
    type: 'error' | 'warning' | 'info';
    message: string;
    line: number;
    col: number;
    rule: { id: string };
  }
  const htmlhint: { HTMLHint: { verify(html: string, rules: Record<string, unknown>): HtmlHintMessage[] } };
  export default htmlhint;
}
