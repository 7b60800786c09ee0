/**
 * Lookup sources of ref columns: `api.action(form, 'list')`, loaded once per form and
 * company for the grid's lifetime. A tiny external store; the grid subscribes once.
 */
import { api } from '../api/client.ts';
import type { LookupData, LookupDef, Row } from './types.ts';

type Entry = { status: 'loading' } | { status: 'loaded'; data: LookupData } | { status: 'error' };

export class LookupStore {
  private entries = new Map<string, Entry>();
  private listeners = new Set<() => void>();
  version = 0;

  subscribe = (l: () => void) => {
    this.listeners.add(l);
    return () => void this.listeners.delete(l);
  };
  getVersion = () => this.version;

  private notify() {
    this.version++;
    for (const l of this.listeners) l();
  }

  get(form: string, company: string | undefined): LookupData | undefined {
    const e = this.entries.get(`${form}|${company ?? ''}`);
    return e?.status === 'loaded' ? e.data : undefined;
  }

  /** Starts loading every lookup not yet loaded (or loading) for the company. */
  ensure(defs: LookupDef[], company: string | undefined): void {
    for (const def of defs) {
      const key = `${def.form}|${company ?? ''}`;
      if (this.entries.has(key)) continue;
      this.entries.set(key, { status: 'loading' });
      api
        .action<{ rows: Row[] } | Row[] | { _out: Row[] }>(def.form, 'list')
        .then((r) => {
          const rows = Array.isArray(r) ? r : 'rows' in r ? r.rows : r._out;
          const byKey = new Map(rows.map((row) => [String(row[def.keyField]), row]));
          this.entries.set(key, { status: 'loaded', data: { def, rows, byKey } });
          this.notify();
        })
        .catch((e: unknown) => {
          // The column shows raw keys; the grid stays usable.
          console.warn(`grid: lookup ${def.form} failed`, e);
          this.entries.set(key, { status: 'error' });
          this.notify();
        });
    }
  }
}
