/**
 * The app's parts that load as one chunk each (src/app/build/loadTogether.ts, a build step):
 * each root with everything it imports statically, minus what the entry loads. Paths from
 * the project root. The server's page preloads (server/http/preload.ts) and the route's
 * budget (tests/bench/sizes.ts) find a captured module through its part's chunk.
 */
export interface Together {
  /** Chunk name. */
  name: string;
  /** Modules (paths from the project root) whose static imports load with them. */
  roots: readonly string[];
}

export const APP_PARTS: readonly Together[] = [
  // The app's code (start.tsx, which every page's entry imports) and a screen route's page with its grid: start
  // imported the page's chunk for React anyway, and one file saves the names each chunk exported to the other.
  { name: 'app', roots: ['src/app/start.tsx', 'src/app/pages/ScreenPage.tsx'] },
  // What a screen page loads right after its first render: the toolbar actions' registry, the product list's
  // three buttons (each dialog stays lazy) and the live rows' subscription — one request, not nine.
  {
    name: 'screen-extras',
    roots: [
      'src/app/actions/index.tsx',
      'src/app/actions/ShopList.tsx',
      'src/app/actions/ProductTextsTranslate.tsx',
      'src/app/actions/PrintPicked.tsx',
      'src/app/grid/features/liveRows/liveRowsFollow.ts',
    ],
  },
];

/**
 * The build manifest's key of a module: its own, or, for a module captured into a part (no key
 * of its own), its part's chunk (`_<name>-<hash>.js`); undefined when neither is in the manifest.
 */
export function manifestKey(manifest: Readonly<Record<string, unknown>>, key: string): string | undefined {
  if (manifest[key]) return key;
  const part = APP_PARTS.find((p) => p.roots.includes(key));
  return part && Object.keys(manifest).find((m) => m.startsWith(`_${part.name}-`) && m.endsWith('.js'));
}
