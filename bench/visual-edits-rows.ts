import { ms, times, type Row } from './summary';

// What the visual edits bench (visual-edits.ts) measures, and its rows in the bench's table.

const HIGHLIGHT_FLOOR_RATIO = 1.2;
const INSTANT_BUDGET_MS = 50;
const SAVE_BUDGET_MS = 1_000;

export interface EditRun {
  colour: string;
  /** "Text colour" input → the colour in the frame (inline preview); NaN for the manual edits. */
  instantMs: number;
  /** Save clicked (or the PUT sent) → the version's class on the heading and its colour painted, in the frame. */
  pixelsMs: number;
  /** Save clicked (or the PUT sent) → the same with the inline preview gone (the version's class alone). */
  settledMs: number;
  /** Of which: the API request (POST …/visual-edits or PUT …/files), start → last byte. */
  requestMs: number;
  /** Save clicked (or the PUT sent) → the request sent. */
  requestStartMs: number;
  /** Applied by a hot update in the same document. */
  hot: boolean;
}

export interface VisualEditsBench {
  /** The picker's `latencyMs` of every hover; with pick mode off, pointer move → the next animation frame (the baseline) and → the one after. */
  highlight: number[];
  frame: number[];
  twoFrames: number[];
  visual: EditRun[];
  manual: EditRun[];
  highlightP50Ms: number;
  highlightP95Ms: number;
  frameP50Ms: number;
  frameP95Ms: number;
  twoFramesP50Ms: number;
  twoFramesP95Ms: number;
  instantP50Ms: number;
  instantP95Ms: number;
  saveP50Ms: number;
  saveP95Ms: number;
  manualP50Ms: number;
  manualP95Ms: number;
  /** Medians: the request's part; Save → the inline preview gone. */
  saveRequestMs: number;
  manualRequestMs: number;
  saveSettledMs: number;
  /** What was wrong (empty: everything right). */
  problems: string[];
}

export function visualEditsRows(r: VisualEditsBench): Row[] {
  const pair = (a: number, b: number) => `${ms(a)} / ${ms(b)}`;
  // A ratio below 0.1 keeps two decimals (the instant preview is a small fraction of its baseline).
  const ratio = (a: number, b: number) => (a / b < 0.1 ? `${(a / b).toFixed(2)}×` : times(a / b));
  const ratios = (a50: number, b50: number, a95: number, b95: number) => `${ratio(a50, b50)} / ${ratio(a95, b95)}`;
  const info = (measure: string, ours: string, baseline: string): Row => ({ measure, ours, baseline, ratio: '', budget: '—', ok: null });
  const allHot = [...r.visual, ...r.manual].every((x) => x.hot);
  return [
    {
      measure: `visual edits: pick → highlight, p50 / p95 (${r.highlight.length} moves)`,
      ours: pair(r.highlightP50Ms, r.highlightP95Ms),
      baseline: `${pair(r.frameP50Ms, r.frameP95Ms)} (one frame)`,
      ratio: ratios(r.highlightP50Ms, r.frameP50Ms, r.highlightP95Ms, r.frameP95Ms),
      // The box must cost no frame of its own: within the floor counted the same way (below), with 20% for noise.
      budget: `≤ ${HIGHLIGHT_FLOOR_RATIO}× floor p95`,
      ok: r.highlightP95Ms <= HIGHLIGHT_FLOOR_RATIO * r.twoFramesP95Ms,
    },
    // latencyMs ends at the animation frame after the one that drew the box (when it is on screen):
    // never less than one frame interval after the baseline's frame. This floor is counted the same way.
    {
      measure: '  floor as latencyMs counts: → the frame after the next',
      ours: '',
      baseline: pair(r.twoFramesP50Ms, r.twoFramesP95Ms),
      ratio: ratios(r.highlightP50Ms, r.twoFramesP50Ms, r.highlightP95Ms, r.twoFramesP95Ms),
      budget: '—',
      ok: null,
    },
    {
      measure: `visual edits: change → pixels (instant), p50 / p95 (${r.visual.length} edits)`,
      ours: pair(r.instantP50Ms, r.instantP95Ms),
      baseline: `${pair(r.manualP50Ms, r.manualP95Ms)} (code edit)`,
      ratio: ratios(r.instantP50Ms, r.manualP50Ms, r.instantP95Ms, r.manualP95Ms),
      budget: `≤ ${INSTANT_BUDGET_MS} ms p95`,
      ok: r.instantP95Ms <= INSTANT_BUDGET_MS,
    },
    {
      measure: `visual edits: save → updated pixels (hot update), p50 / p95 (${r.visual.length} edits)`,
      ours: pair(r.saveP50Ms, r.saveP95Ms),
      baseline: `${pair(r.manualP50Ms, r.manualP95Ms)} (code edit)`,
      ratio: ratios(r.saveP50Ms, r.manualP50Ms, r.saveP95Ms, r.manualP95Ms),
      budget: `≤ ${SAVE_BUDGET_MS} ms p95, all hot`,
      ok: r.saveP95Ms <= SAVE_BUDGET_MS && allHot,
    },
    info('  of which: the request (POST visual-edits / PUT files), median', ms(r.saveRequestMs), ms(r.manualRequestMs)),
    info('  then: the inline preview gone (the class alone), median', ms(r.saveSettledMs), ''),
  ];
}
