/**
 * The texts ScreenGrid shows for the bench's formatted columns (en-GB): money with 2
 * decimals, counts grouped, weight with space-grouped 2 decimals in kg, the flag as
 * Yes / No. AG Grid's page and the scroll floor format with these, so the three pages
 * show (and lay out) the same texts.
 */
const int = new Intl.NumberFormat('en-GB', { maximumFractionDigits: 0 });
const fixed2 = new Intl.NumberFormat('en-GB', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const money = (n: number): string => fixed2.format(n);
export const count = (n: number): string => int.format(n);
export const weight = (n: number): string =>
  `${fixed2
    .formatToParts(n)
    .map((x) => (x.type === 'group' ? ' ' : x.value))
    .join('')} kg`;
export const flag = (v: unknown): string => (v === true ? 'Yes' : v === false ? 'No' : '');
