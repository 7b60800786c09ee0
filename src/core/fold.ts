/**
 * Text as people compare it by eye: case, accents and spacing ignored ('  Áno ' ≡ 'ano',
 * 'On  order' ≡ 'on order'). Import reads option names and yes/no words by it.
 */
export const fold = (s: string): string =>
  s
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/\s+/g, ' ')
    .trim();
