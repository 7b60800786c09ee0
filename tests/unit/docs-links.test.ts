/**
 * Every relative link in the documentation (docs/**, README.md) points at a file that exists
 * and, when it names an #anchor, at a heading of that file: a section moved or renamed fails
 * here instead of leaving a reader at the top of the wrong page. Links inside code (fenced or
 * inline) are text, not links; web links (http, mailto) are not followed.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = join(import.meta.dirname, '..', '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? markdownFiles(join(dir, e.name)) : e.name.endsWith('.md') ? [join(dir, e.name)] : []));
}

/** The text outside code: fenced blocks and inline code spans blanked out. */
function outsideCode(text: string): string {
  return text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '').replace(/(`+)[^`]*?\1/g, '');
}

/** GitHub's anchor of a heading (github-slugger): lower case, punctuation dropped, spaces as hyphens. */
function slugOf(heading: string): string {
  const text = heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim();
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc}\- ]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a markdown file's headings, repeated ones numbered as GitHub numbers them. */
function anchorsOf(text: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  const plain = text.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, '');
  for (const m of plain.matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const slug = slugOf(m[1]!);
    const n = seen.get(slug) ?? 0;
    seen.set(slug, n + 1);
    anchors.add(n === 0 ? slug : `${slug}-${n}`);
  }
  return anchors;
}

/** The link targets of a markdown text: inline links and images, and reference definitions. */
function linksOf(text: string): string[] {
  const body = outsideCode(text);
  const inline = [...body.matchAll(/!?\[(?:[^\]\\]|\\.)*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)].map((m) => m[1]!);
  const defined = [...body.matchAll(/^\s{0,3}\[[^\]]+\]:\s*<?(\S+?)>?(?:\s+"[^"]*")?\s*$/gm)].map((m) => m[1]!);
  return [...inline, ...defined];
}

/** What is wrong with one link of `from` (null: it resolves). */
function problem(from: string, target: string): string | null {
  if (/^[a-z][a-z0-9+.-]*:/i.test(target)) return null; // http:, https:, mailto:
  const [path = '', anchor] = target.split('#', 2);
  const file = path === '' ? from : path.startsWith('/') ? join(root, decodeURIComponent(path)) : resolve(dirname(from), decodeURIComponent(path));
  if (!existsSync(file)) return `no file ${relative(root, file)}`;
  if (anchor === undefined || anchor === '') return null;
  if (statSync(file).isDirectory() || !file.endsWith('.md')) return `#${anchor} in a file that has no headings`;
  return anchorsOf(readFileSync(file, 'utf8')).has(decodeURIComponent(anchor).toLowerCase()) ? null : `no heading #${anchor} in ${relative(root, file)}`;
}

describe('documentation links', () => {
  it('reads headings and links as GitHub does', () => {
    expect(slugOf('Where to add X')).toBe('where-to-add-x');
    expect(slugOf('Print documents (`src/core/print.ts`, `src/server/print/`)')).toBe('print-documents-srccoreprintts-srcserverprint');
    expect(slugOf('Several app processes (WORKERS) and live rows')).toBe('several-app-processes-workers-and-live-rows');
    expect([...anchorsOf('# A\n## B\n```\n# not a heading\n```\n## B\n')]).toEqual(['a', 'b', 'b-1']);
    expect(linksOf('[a](x.md#y) `[b](code.md)` ![c](pic.png) [d](https://e.org)\n```\n[f](fenced.md)\n```\n[g]: ref.md\n')).toEqual(['x.md#y', 'pic.png', 'https://e.org', 'ref.md']);
  });

  const files = [...markdownFiles(join(root, 'docs')), join(root, 'README.md')];
  it.each(files.map((f) => [relative(root, f), f]))('%s: every relative link resolves', (_name, file) => {
    const problems = linksOf(readFileSync(file, 'utf8'))
      .map((t) => [t, problem(file, t)] as const)
      .filter(([, p]) => p)
      .map(([t, p]) => `${t}: ${p}`);
    expect(problems).toEqual([]);
  });
});
