/**
 * The in-page probe, installed with `addInitScript` before any page script runs (so it
 * is not part of either page's bundle, and is the same for both grids). Plain JS text:
 * functions handed to Playwright from tsx-compiled TypeScript may carry helpers the page lacks.
 *
 * - `__probe.when(test)`: resolves once `test()` holds after a DOM mutation, with the DOM
 *   time and the paint time (a message posted from the next animation frame runs after
 *   that frame's rendering).
 * - `__probe.firstRow`: that promise for the first data row's key cell having text
 *   (`__probe.secondRow`: the same for `secondCell`, when given).
 * - `__probe.events`: the timeStamp of the last click / keydown / input (the start of an interaction).
 * - `__probe.longtasks`, `__probe.loafs`: PerformanceObserver 'longtask' and 'long-animation-frame' entries.
 * - `__probe.scroll(selector, ms, pxPerSec)`: requestAnimationFrame-driven scrollTop at a constant speed.
 */
export interface ProbeConfig {
  /** The first data row's key cell. */
  firstCell: string;
  /** Another cell whose appearance is timed too (`__probe.secondRow`): the app's own grid, after the server's first paint. */
  secondCell?: string;
}

export function probeScript(cfg: ProbeConfig): string {
  return `(() => {
  const FIRST = ${JSON.stringify(cfg.firstCell)};
  const P = (window.__probe = { longtasks: [], loafs: [], events: {} });
  const observe = (type, push) => {
    try {
      new PerformanceObserver((list) => { for (const e of list.getEntries()) push(e); }).observe({ type, buffered: true });
    } catch (e) { P['no_' + type] = String(e); }
  };
  observe('longtask', (e) => P.longtasks.push({ start: e.startTime, duration: e.duration }));
  observe('long-animation-frame', (e) => P.loafs.push({
    start: e.startTime, duration: e.duration, blocking: e.blockingDuration,
    scripts: (e.scripts || []).slice(0, 3).map((s) => ({ invoker: s.invoker, duration: s.duration, fn: s.sourceFunctionName, url: s.sourceURL, at: s.sourceCharPosition })),
  }));
  for (const type of ['click', 'keydown', 'input', 'pointerdown']) {
    document.addEventListener(type, (e) => { P.events[type] = e.timeStamp; }, { capture: true });
  }
  P.afterPaint = () => new Promise((resolve) => requestAnimationFrame(() => {
    const ch = new MessageChannel();
    ch.port1.onmessage = () => resolve(performance.now());
    ch.port2.postMessage(0);
  }));
  P.cellText = (sel) => {
    const el = document.querySelector(sel);
    return el ? (el.textContent || '').trim() : null;
  };
  P.when = (test) => new Promise((resolve) => {
    let done = false;
    const mo = new MutationObserver(() => check());
    const check = () => {
      if (done || !test()) return;
      done = true;
      mo.disconnect();
      const dom = performance.now();
      P.afterPaint().then((paint) => resolve({ dom, paint }));
    };
    mo.observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
    check();
  });
  P.firstRow = P.when(() => !!P.cellText(FIRST));
  const SECOND = ${JSON.stringify(cfg.secondCell ?? null)};
  if (SECOND) P.secondRow = P.when(() => !!P.cellText(SECOND));
  P.scroll = (sel, ms, pxPerSec) => new Promise((resolve) => {
    const vp = document.querySelector(sel);
    if (!vp) return resolve({ error: 'no scroll viewport ' + sel });
    const intervals = [];
    let last = 0;
    let t0 = 0;
    const benchScrollStep = (t) => {
      if (!t0) t0 = t;
      if (last) intervals.push(t - last);
      last = t;
      const elapsed = t - t0;
      vp.scrollTop = (elapsed * pxPerSec) / 1000;
      if (elapsed < ms) requestAnimationFrame(benchScrollStep);
      else resolve({ intervals, start: t0, end: t, scrollTop: vp.scrollTop, scrollHeight: vp.scrollHeight });
    };
    requestAnimationFrame(benchScrollStep);
  });
})();`;
}
