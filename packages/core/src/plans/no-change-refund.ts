/**
 * A run that changes nothing because it cannot do what was asked is not charged. The
 * engine cannot tell "cannot" from a chat answer by meaning, so the rule is about what the person
 * received: a short answer in plain words, no code. A longer answer, or one carrying code in its
 * prose (a way to get an app written into the chat instead of the project), is charged like any
 * other; and at most `FREE_NO_CHANGE_RUNS_PER_DAY` such answers a day are free.
 */
export const NO_CHANGE_REFUND_MAX_CHARS = 1_500;
export const FREE_NO_CHANGE_RUNS_PER_DAY = 10;

// A fence, an HTML/JSX tag, or a line that reads like code (declarations, imports, arrows, braces).
const CODE = [
  /```|~~~/,
  /<\/?[a-z][\w-]*(\s[^>]*)?\/?>/i,
  /^\s*(import|export|const|let|var|function|class|return|def)\s/m,
  /=>\s*[{(]/,
  /^\s*[{}]\s*$/m,
  /;\s*$/m,
];

/** Whether an answer that changed nothing may be given back: short, prose only. */
export function isRefundableNoChange(answer: string): boolean {
  const text = answer.trim();
  if (text.length === 0 || text.length > NO_CHANGE_REFUND_MAX_CHARS) return false;
  return !CODE.some((re) => re.test(text));
}
