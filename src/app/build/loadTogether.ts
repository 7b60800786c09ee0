/**
 * Build step (Vite plugin + a code-splitting group): the modules a lazily loaded part
 * needs at once go into ONE chunk.
 *
 * Left to automatic splitting, every module the part shares with a later lazy chunk
 * (renderers, formatters, registry keys, the float parser…) becomes a small chunk of its
 * own, and the first load of a list route fetched ~11–16 files. Over HTTP/1.1 a browser
 * opens at most six connections per host, so that is three round trips before the grid
 * can start. Here the static import closure of each root, minus what the entry already
 * loads, is captured into one named chunk; what the part imports dynamically (editors,
 * paste/fill, dialogs) stays lazy and imports from that chunk, which is already there.
 */
import { resolve } from 'node:path';
import type { Plugin, Rolldown } from 'vite';
import type { Together } from '../../core/appParts.ts';

type Info = { importedIds: readonly string[]; isEntry: boolean } | null;

/** Static import closure of `from` (module ids), not entering `stop`. */
export function staticClosure(from: readonly string[], info: (id: string) => Info, stop: ReadonlySet<string> = new Set()): Set<string> {
  const out = new Set<string>();
  // Modules reached and not yet read (depth first).
  const stack = [...from];
  while (stack.length) {
    const id = stack.pop()!;
    // Virtual modules (Vite's preload helper…) are shared with the entry: left to automatic splitting.
    if (out.has(id) || stop.has(id) || id.startsWith('\0')) continue;
    const m = info(id);
    if (!m) continue;
    out.add(id);
    stack.push(...m.importedIds);
  }
  return out;
}

export function loadTogether(parts: readonly Together[], root: string): { plugin: Plugin; groups: Rolldown.CodeSplittingGroup[] } {
  const members = new Map<string, Set<string>>(parts.map((p) => [p.name, new Set()]));
  const plugin: Plugin = {
    name: 'load-together',
    apply: 'build',
    buildEnd() {
      const info = (id: string) => this.getModuleInfo(id);
      const entries = [...this.getModuleIds()].filter((id) => info(id)?.isEntry);
      const initial = staticClosure(entries, info);
      for (const p of parts) {
        const set = staticClosure(
          p.roots.map((r) => resolve(root, r)),
          info,
          initial,
        );
        if (!set.size) this.error(`load-together: ${p.name}: none of ${p.roots.join(', ')} is in the build`);
        members.set(p.name, set);
      }
    },
  };
  const groups = parts.map((p, i) => ({
    name: p.name,
    priority: 100 - i,
    // The closure is the group: pulling in its dependencies would take the entry's modules
    // (React, the preload helper) into it and load the part with the entry.
    includeDependenciesRecursively: false,
    test: (id: string) => members.get(p.name)!.has(id),
  }));
  return { plugin, groups };
}
