/**
 * A memo comparator over a fixed list of props. React's default (shallowEqual) makes two
 * Object.keys arrays per comparison: for the body rows that is two arrays per row on
 * every scrolled frame, the largest share of a scroll's garbage. The Record lets the
 * compiler insist that every prop is listed.
 */
export function sameProps<P extends object>(props: Record<keyof P, true>): (a: P, b: P) => boolean {
  const keys = Object.keys(props) as (keyof P)[];
  return (a, b) => {
    for (let i = 0; i < keys.length; i++) if (!Object.is(a[keys[i]!], b[keys[i]!])) return false;
    return true;
  };
}
