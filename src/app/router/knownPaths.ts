import { baseRoutes, screenRoutes } from '../../generated/routes.ts';

/** Every path the router can show (without language prefix): menu entries outside it are hidden. */
export const knownPaths: ReadonlySet<string> = new Set([...baseRoutes.map((r) => r.path), ...screenRoutes.map((r) => r.path)]);
