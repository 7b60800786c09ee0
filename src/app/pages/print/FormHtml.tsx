/**
 * A form (the CMR note's boxes, src/core/print.ts `PrintForm`) in the print frame: a CSS grid
 * whose lines are the boxes' edges, each row at least as tall as on the PDF and growing with
 * its text (the page flows; the PDF shrinks and continues instead). The lines area is a table.
 */
import type { CSSProperties } from 'react';
import type { FormBox, PrintForm } from '../../../core/print.ts';

/** The sorted distinct edges of the boxes along one axis (rounded: 190 / 3 is not exact). */
const edges = (xs: number[]) => [...new Set(xs.map((x) => Math.round(x * 100) / 100))].sort((a, b) => a - b);
const at = (lines: number[], x: number) => lines.indexOf(Math.round(x * 100) / 100) + 1;

function Heading({ no, titles }: { no: string; titles: string[] }) {
  return (
    <div className="print-form-heading">
      {no && <span className="print-form-no">{no}</span>}
      <span className="print-form-titles">
        {titles.map((t, i) => (
          <span key={i} className={i === 0 ? 'own' : 'other'}>
            {t}
          </span>
        ))}
      </span>
    </div>
  );
}

export function FormHtml({ f }: { f: PrintForm }) {
  const areas: (FormBox | 'lines')[] = [...f.boxes, 'lines'];
  const place = (a: FormBox | 'lines') => (a === 'lines' ? f.lines : a);
  const xs = edges(areas.flatMap((a) => [place(a).x, place(a).x + place(a).w]));
  const ys = edges(areas.flatMap((a) => [place(a).y, place(a).y + place(a).h]));
  const style: CSSProperties = {
    gridTemplateColumns: xs
      .slice(1)
      .map((x, i) => `${x - xs[i]!}mm`)
      .join(' '),
    gridTemplateRows: ys
      .slice(1)
      .map((y, i) => `minmax(${y - ys[i]!}mm, auto)`)
      .join(' '),
  };
  const cell = (a: FormBox | 'lines'): CSSProperties => {
    const p = place(a);
    return { gridColumn: `${at(xs, p.x)} / ${at(xs, p.x + p.w)}`, gridRow: `${at(ys, p.y)} / ${at(ys, p.y + p.h)}` };
  };
  return (
    <div className="print-form" style={style}>
      {f.boxes.map((b, i) => (
        <div key={i} className="print-form-box" data-box={b.no || undefined} style={cell(b)}>
          {(b.no || b.titles.length > 0) && <Heading no={b.no} titles={b.titles} />}
          <div className={b.bold ? 'print-form-text strong' : 'print-form-text'} style={b.size ? { fontSize: `${Math.min(b.size, 14)}pt` } : undefined}>
            {b.text}
          </div>
        </div>
      ))}
      <table className="print-form-box print-form-lines" style={cell('lines')}>
        <colgroup>
          {f.lines.columns.map((c) => (
            <col key={c.key} style={{ width: `${c.width}mm` }} />
          ))}
        </colgroup>
        <thead>
          <tr>
            {f.lines.columns.map((c) => (
              <th key={c.key} data-box={c.no}>
                <Heading no={c.no} titles={c.titles} />
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {f.lines.rows.map((r, i) => (
            <tr key={i}>
              {f.lines.columns.map((c) => (
                <td key={c.key} className={c.align === 'right' ? 'num' : undefined}>
                  {r[c.key] ?? ''}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
