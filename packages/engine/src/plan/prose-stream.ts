// A plan answer streams its prose to the chat and keeps its <sprout-plan> JSON out of it: text is
// passed on as it comes until the block opens, holding back only what could be the start of its tag.

const OPEN = '<sprout-plan>';
const CLOSE = '</sprout-plan>';

export class ProseStream {
  private held = '';
  private inside = false;
  private after = false;

  constructor(private readonly emit: (text: string) => void) {}

  push(chunk: string): void {
    this.held += chunk;
    for (;;) {
      if (this.inside) {
        const close = this.held.indexOf(CLOSE);
        if (close < 0) {
          this.held = this.held.slice(-(CLOSE.length - 1));
          return;
        }
        this.held = this.held.slice(close + CLOSE.length);
        this.inside = false;
        this.after = true;
        continue;
      }
      const open = this.held.indexOf(OPEN);
      if (open >= 0) {
        this.send(this.held.slice(0, open));
        this.held = this.held.slice(open + OPEN.length);
        this.inside = true;
        continue;
      }
      // Keep what could be the beginning of the tag (a chunk may end inside it).
      let keep = 0;
      for (let n = Math.min(OPEN.length - 1, this.held.length); n > 0; n--) {
        if (OPEN.startsWith(this.held.slice(-n))) {
          keep = n;
          break;
        }
      }
      this.send(this.held.slice(0, this.held.length - keep));
      this.held = this.held.slice(this.held.length - keep);
      return;
    }
  }

  /** The answer ended: what was held back was prose after all (unless inside an unclosed block). */
  end(): void {
    if (!this.inside) this.send(this.held);
    this.held = '';
  }

  private send(text: string): void {
    // Prose after the block is rare; it is separated from what came before.
    if (!text) return;
    this.emit(this.after ? text.replace(/^\s*/, '\n\n') : text);
    this.after = false;
  }
}
