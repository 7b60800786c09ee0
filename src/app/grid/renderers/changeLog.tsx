/**
 * The change log's `changeSummary` cells: what an entry changed, in the UI language
 * ("Selling price: 53.99 → 59.99 · Min. margin: 10 → 12"; src/core/changeSummary.ts), each
 * change on a line of its own in the tooltip. A chunk of its own, loaded by the first such
 * cell (renderers/index.tsx), which also gets its `text` from here: list routes without a
 * change log never load it.
 *
 * Labels and formats follow the logged screen's descriptor (row.entity_name), loaded once
 * per form; ref values show their lookup's text, asked for once per page of entries
 * (changeRefs.ts). A cell waits for both under its Suspense boundary, empty meanwhile.
 * The text is built once per row value and cell context (language, lookups), not per frame.
 */
import { use, type ReactNode } from 'react';
import type { ScreenDescriptor } from '../../../../schemas/screen.ts';
import { changeLines, changeText, lineText, type RefLabels, type SummaryWords } from '../../../core/changeSummary.ts';
import { loadScreen } from '../../pages/loadScreen.ts';
import { optionLabelIdOf } from '../../../core/optionNames.ts';
import type { CellCtx, RenderArgs, Row } from '../types.ts';
import { entryLabels, labelsAtHand } from './changeRefs.ts';

/** Logged screens' descriptors by form: loaded (null: not a screen of this app), or on their way. */
const screens = new Map<string, ScreenDescriptor | null | Promise<ScreenDescriptor | null>>();

function screenOf(form: unknown): ScreenDescriptor | null | Promise<ScreenDescriptor | null> {
  if (typeof form !== 'string' || !form) return null;
  let s = screens.get(form);
  if (s === undefined) {
    const p = loadScreen(form).then(
      (d) => d,
      () => null,
    );
    screens.set(form, p);
    void p.then((d) => screens.set(form, d));
    s = p;
  }
  return s;
}

const wordsByCtx = new WeakMap<CellCtx, SummaryWords>();

/** The cell context as summary words; option names by the logged column's option set (keep_in_stock 2 → 'On order'). */
function wordsOf(ctx: CellCtx): SummaryWords {
  let w = wordsByCtx.get(ctx);
  if (!w) {
    const { fmt } = ctx;
    w = {
      lang: ctx.lang,
      t: ctx.t,
      int: fmt.int,
      number: fmt.number,
      money: fmt.money,
      date: fmt.date,
      datetime: fmt.datetime,
      option: (col, v) => {
        const named = optionLabelIdOf(col);
        return named ? ctx.t(named(v)) : undefined;
      },
    };
    wordsByCtx.set(ctx, w);
  }
  return w;
}

interface Summary {
  ctx: CellCtx;
  screen: ScreenDescriptor | null;
  refs: RefLabels | undefined;
  text: string;
  title: string;
}

/** Summaries by the row's `changes` object: a cell scrolled back into view formats nothing again. */
const summaries = new WeakMap<object, Summary>();

function summaryOf(value: unknown, action: unknown, screen: ScreenDescriptor | null, ctx: CellCtx, refs: RefLabels | undefined): Summary | null {
  if (value === null || typeof value !== 'object') return null;
  let s = summaries.get(value);
  if (!s || s.ctx !== ctx || s.screen !== screen || s.refs !== refs) {
    const lines = changeLines(value, screen ?? undefined, wordsOf(ctx), refs);
    s = { ctx, screen, refs, text: changeText(lines, action), title: lines.map((l) => lineText(l, action)).join('\n') };
    summaries.set(value, s);
  }
  return s;
}

/** Whether the entry names a value of a ref field of its screen (whose text is looked up). */
function namesRefs(value: unknown, screen: ScreenDescriptor | null): boolean {
  if (!screen || value === null || typeof value !== 'object') return false;
  return Object.entries(value as Row).some(([f, pair]) => screen.columns[f]?.type === 'ref' && Array.isArray(pair) && pair.some((x) => x !== null));
}

/** The cell: the summary in one line, one change per line in the tooltip. */
export default function ChangeSummary({ value, row, ctx }: RenderArgs): ReactNode {
  let screen = screenOf(row.entity_name);
  if (screen instanceof Promise) screen = use(screen);
  let refs: RefLabels | null | Promise<RefLabels | null> = null;
  if (typeof row.log_id === 'number' && namesRefs(value, screen)) refs = entryLabels(row.log_id, screen!.form, ctx.lang);
  if (refs instanceof Promise) refs = use(refs);
  const s = summaryOf(value, row.log_action, screen, ctx, refs ?? undefined);
  if (!s?.text) return '';
  return (
    <span className="cell-list" title={s.title}>
      {s.text}
    </span>
  );
}

/** The cell's text (copy, group rows): the summary, by the descriptor if it is loaded. */
export function summaryText({ value, row, ctx }: RenderArgs): string {
  const screen = screenOf(row.entity_name);
  const refs = typeof row.log_id === 'number' ? labelsAtHand(row.log_id, ctx.lang) : undefined;
  return summaryOf(value, row.log_action, screen instanceof Promise ? null : screen, ctx, refs)?.text ?? '';
}
