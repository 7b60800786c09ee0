/**
 * Build step (Vite plugin + `build.modulePreload.resolveDependencies`): the preload list each
 * lazy import carries (Vite's helper preloads it before the import) leaves out
 *
 * - the chunks every page has loaded before any lazy one (the entry, rolldown's runtime, the
 *   app's part: core/appParts.ts);
 * - the imported chunk itself, which its own import() fetches at the same moment — unless the
 *   import waits for CSS first (Vite's helper imports only once the CSS it lists is in): then
 *   the chunk downloads beside that CSS, not after it.
 *
 * Each name was written into the list of every import that reaches it: ~2.5 KiB of the product
 * list's first load (issue 49).
 */
import type { Plugin, Rolldown } from 'vite';

type Chunk = Rolldown.OutputChunk & { viteMetadata?: { importedCss: Set<string> } };

export function preloadLists(loaded: RegExp): { plugin: Plugin; resolveDependencies: (file: string, deps: string[]) => string[] } {
  /** Chunks whose import waits for CSS a page may not have yet (theirs or a static import's). */
  const waitsForCss = new Set<string>();
  const plugin: Plugin = {
    name: 'preload-lists',
    apply: 'build',
    // Before Vite's import analysis (a post plugin) writes the lists, so resolveDependencies can read this.
    generateBundle(_, bundle) {
      const css = new Map<string, boolean>();
      const needsCss = (name: string, seen = new Set<string>()): boolean => {
        const known = css.get(name);
        if (known !== undefined) return known;
        const c = bundle[name] as Chunk | undefined;
        if (!c || c.type !== 'chunk' || seen.has(name)) return false;
        seen.add(name);
        // The entry's CSS is in every page (its head), and the helper does not wait for a sheet already there.
        const own = [...(c.viteMetadata?.importedCss ?? [])].some((f) => !loaded.test(f.replace(/\.css$/, '.js')));
        const result = own || c.imports.some((i) => needsCss(i, seen));
        css.set(name, result);
        return result;
      };
      for (const name of Object.keys(bundle)) if (needsCss(name)) waitsForCss.add(name);
    },
  };
  const resolveDependencies = (file: string, deps: string[]) => deps.filter((d) => !loaded.test(d) && (d !== file || waitsForCss.has(file)));
  return { plugin, resolveDependencies };
}
