/**
 * Whether the whole catalogue (both parts, core/catalogueParts.ts) is on screen: the provider marks it
 * once it has rendered with both, so what waits for this promise renders under it.
 */
let mark: () => void = () => {};
export const fullCatalogue = new Promise<void>((resolve) => {
  mark = resolve;
});
export const markFullCatalogue = () => mark();
