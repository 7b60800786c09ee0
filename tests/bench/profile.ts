/**
 * CPU profiles (CDP Profiler) of one extra run, mapped back to the sources through the
 * build's source maps: where the time of each phase goes (self time by function and by
 * source file). Not part of the medians: the profiler slows the page down.
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

interface CallFrame {
  functionName: string;
  url: string;
  lineNumber: number;
  columnNumber: number;
}
interface ProfileNode {
  id: number;
  callFrame: CallFrame;
}
export interface CpuProfile {
  nodes: ProfileNode[];
  samples?: number[];
  timeDeltas?: number[];
  startTime: number;
  endTime: number;
}

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64I = new Map([...B64].map((c, i) => [c, i]));

/** Source map v3 segments per generated line: [col, source, line, col, name?]. */
function decodeMappings(mappings: string): number[][][] {
  const lines: number[][][] = [];
  let src = 0;
  let sLine = 0;
  let sCol = 0;
  let name = 0;
  for (const line of mappings.split(';')) {
    const segs: number[][] = [];
    let gCol = 0;
    for (const seg of line.split(',')) {
      if (!seg) continue;
      const vals: number[] = [];
      let v = 0;
      let shift = 0;
      for (const ch of seg) {
        const d = B64I.get(ch) ?? 0;
        v += (d & 31) << shift;
        if (d & 32) shift += 5;
        else {
          vals.push(v & 1 ? -(v >>> 1) : v >>> 1);
          v = 0;
          shift = 0;
        }
      }
      gCol += vals[0]!;
      const out = [gCol];
      if (vals.length >= 4) {
        src += vals[1]!;
        sLine += vals[2]!;
        sCol += vals[3]!;
        out.push(src, sLine, sCol);
        if (vals.length >= 5) {
          name += vals[4]!;
          out.push(name);
        }
      }
      segs.push(out);
    }
    lines.push(segs);
  }
  return lines;
}

interface SourceMap {
  sources: string[];
  content: (string[] | null)[];
  names: string[];
  lines: number[][][];
}

const KEYWORDS = new Set(['function', 'async', 'get', 'set', 'static', 'return', 'new', 'const', 'let', 'var']);

/** The function name written at (or just before) a position of an original source line. */
function nameAt(line: string | undefined, col: number): string | undefined {
  if (line === undefined) return undefined;
  const after = line.slice(col);
  for (const m of after.matchAll(/[A-Za-z_$][\w$]*/g)) {
    if (m.index! > 24 || /^[^A-Za-z_$]*\(/.test(after.slice(0, m.index))) break;
    if (!KEYWORDS.has(m[0])) return m[0];
  }
  // An arrow function or function expression: `name = (…) =>`, `name: function (…)`.
  const before = /([A-Za-z_$][\w$]*)\s*[:=]\s*(?:async\s*)?(?:function\b\s*)?$/.exec(line.slice(0, col));
  return before?.[1];
}

export class SourceMapper {
  private maps = new Map<string, SourceMap | null>();
  constructor(
    private readonly outDir: string,
    private readonly root: string,
  ) {}

  private load(url: string) {
    if (this.maps.has(url)) return this.maps.get(url)!;
    let m: SourceMap | null = null;
    try {
      const file = join(this.outDir, new URL(url).pathname) + '.map';
      if (existsSync(file)) {
        const raw = JSON.parse(readFileSync(file, 'utf8')) as { sources: string[]; sourcesContent?: (string | null)[]; names: string[]; mappings: string };
        const base = join(this.outDir, new URL(url).pathname, '..');
        m = {
          sources: raw.sources.map((s) => relative(this.root, join(base, s))),
          content: (raw.sourcesContent ?? []).map((c) => (c ? c.split('\n') : null)),
          names: raw.names,
          lines: decodeMappings(raw.mappings),
        };
      }
    } catch {
      m = null;
    }
    this.maps.set(url, m);
    return m;
  }

  /** `file:line name` of a generated position (0-based line and column). */
  locate(f: CallFrame): { file: string; where: string } {
    const m = f.url ? this.load(f.url) : null;
    if (!m) return { file: f.url ? new URL(f.url).pathname : '(native)', where: f.functionName || '(anonymous)' };
    const segs = m.lines[f.lineNumber] ?? [];
    // The last segment at or before the function's start (V8 reports the start of its name or keyword).
    let hit: number[] | undefined;
    for (const s of segs) {
      if (s[0]! <= f.columnNumber) hit = s;
      else break;
    }
    if (!hit || hit.length < 4) return { file: '(unmapped)', where: f.functionName || '(anonymous)' };
    // The original name: the mapping's, else read from the original source at that spot.
    const name = hit.length >= 5 ? m.names[hit[4]!] : nameAt(m.content[hit[1]!]?.[hit[2]!], hit[3]!);
    const file = m.sources[hit[1]!] ?? '?';
    return { file, where: `${name ?? f.functionName ?? '(anonymous)'} (${file}:${hit[2]! + 1})` };
  }
}

export interface ProfileSummary {
  totalMs: number;
  /** Self time of native work not attributed to JS: style, layout, paint ('(program)'), GC, idle. */
  programMs: number;
  gcMs: number;
  idleMs: number;
  byFunction: { name: string; ms: number }[];
  byFile: { name: string; ms: number }[];
}

/** Where a library's files sit in node_modules: grouped by package. */
const groupFile = (file: string) => {
  const m = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(file);
  return m ? `${m[1]} (package)` : file;
};

export function summarizeProfile(p: CpuProfile, mapper: SourceMapper, top = 12): ProfileSummary {
  const byId = new Map(p.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  const samples = p.samples ?? [];
  const deltas = p.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    // A sample's time is the gap to the next one.
    const dt = (deltas[i + 1] ?? 0) / 1000;
    self.set(samples[i]!, (self.get(samples[i]!) ?? 0) + dt);
  }
  let programMs = 0;
  let gcMs = 0;
  let idleMs = 0;
  let totalMs = 0;
  const fn = new Map<string, number>();
  const file = new Map<string, number>();
  for (const [id, ms] of self) {
    totalMs += ms;
    const n = byId.get(id);
    if (!n) continue;
    const name = n.callFrame.functionName;
    if (name === '(idle)') idleMs += ms;
    else if (name === '(program)') programMs += ms;
    else if (name === '(garbage collector)') gcMs += ms;
    else if (name === '(root)') continue;
    else {
      const loc = mapper.locate(n.callFrame);
      fn.set(loc.where, (fn.get(loc.where) ?? 0) + ms);
      const g = groupFile(loc.file);
      file.set(g, (file.get(g) ?? 0) + ms);
    }
  }
  const topOf = (m: Map<string, number>) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => ({ name, ms }));
  return { totalMs, programMs, gcMs, idleMs, byFunction: topOf(fn), byFile: topOf(file) };
}
