/**
 * The navigation floor: a bare page that makes the one list call the app's first rows
 * need (product_list, rows 0–100, through the real server) and writes a plain table. No
 * framework, no lookups, no state: what any page showing these rows must at least spend.
 */
import { COLUMNS, list, text } from './server.ts';

const VISIBLE = 30;

void list({ startRow: 0, endRow: 100 }).then(({ rows }) => {
  const table = document.createElement('table');
  table.id = 'floor';
  const head = table.createTHead().insertRow();
  for (const c of COLUMNS) head.insertCell().textContent = c;
  const body = table.createTBody();
  for (const r of rows.slice(0, VISIBLE)) {
    const tr = body.insertRow();
    for (const c of COLUMNS) tr.insertCell().textContent = text(r[c]);
  }
  document.body.append(table);
});
