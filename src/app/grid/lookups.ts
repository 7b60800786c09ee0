/**
 * Lookup sources of ref columns: the lookup form's `list` (all rows), loaded once per form and
 * company for the grid's lifetime. A tiny external store; the grid subscribes once.
 *
 * A search lookup (products_brief) is never loaded whole: its rows are the keys the grid
 * shows, resolved on demand. A renderer asking `byKey` for a key not known yet queues it;
 * the queue is resolved a batch at a time, and the store notifies like a loaded lookup.
 */
import { columnTypes } from '../../core/columnTypes/index.ts';
import { gridData } from './dataProvider/provider.ts';
import { resolveLookupKeys } from './lookupSearch.ts';
import type { LookupData, LookupDef, Row } from './types.ts';

type Entry = { status: 'loading' } | { status: 'loaded'; data: LookupData } | { status: 'error' };

/** Cells of one render ask for their keys within this time; they are resolved together. */
const RESOLVE_DELAY_MS = 16;

/** `get` of a key not known yet asks the resolver for it (and answers undefined for now). */
class ResolvingMap extends Map<string, Row> {
  private readonly onMiss: (key: string) => void;
  constructor(onMiss: (key: string) => void) {
    super();
    this.onMiss = onMiss;
  }
  override get(key: string): Row | undefined {
    const row = super.get(key);
    if (row === undefined) this.onMiss(key);
    return row;
  }
}

/** The rows of a search lookup the grid has needed so far. */
class SearchResolver {
  readonly byKey = new ResolvingMap((k) => this.request(k));
  private readonly def: LookupDef;
  private readonly changed: (data: LookupData) => void;
  private readonly rows: Row[] = [];
  /** Keys asked for: queued, being resolved, or found not to exist (never asked again). */
  private readonly asked = new Set<string>();
  private queue: string[] = [];
  private timer: ReturnType<typeof setTimeout> | undefined;

  constructor(def: LookupDef, changed: (data: LookupData) => void) {
    this.def = def;
    this.changed = changed;
  }

  data(): LookupData {
    return { def: this.def, rows: this.rows.slice(), byKey: this.byKey, search: { remember: (rows) => this.remember(rows) } };
  }

  /** Rows the user picked in a search: known at once, no call. */
  remember(rows: Row[]): void {
    if (this.add(rows)) this.changed(this.data());
  }

  private add(rows: Row[]): boolean {
    let added = false;
    for (const row of rows) {
      const k = String(row[this.def.keyField]);
      if (this.byKey.has(k)) continue;
      this.byKey.set(k, row);
      this.rows.push(row);
      this.asked.add(k);
      added = true;
    }
    return added;
  }

  private request(key: string): void {
    if (this.asked.has(key) || key === '') return;
    this.asked.add(key);
    this.queue.push(key);
    this.timer ??= setTimeout(() => void this.flush(), RESOLVE_DELAY_MS);
  }

  private async flush(): Promise<void> {
    this.timer = undefined;
    const keys = this.queue;
    this.queue = [];
    const numeric = columnTypes[this.def.keyType].numeric;
    try {
      const rows = await resolveLookupKeys(this.def.form, this.def.keyField, numeric ? keys.map(Number) : keys);
      this.add(rows);
      this.changed(this.data());
    } catch (e) {
      // The cells keep showing their keys; the keys are not asked for again.
      console.warn(`grid: lookup ${this.def.form} failed to resolve ${keys.length} keys`, e);
    }
  }
}

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
    let created = false;
    for (const def of defs) {
      const key = `${def.form}|${company ?? ''}`;
      if (this.entries.has(key)) continue;
      if (def.search) {
        const resolver = new SearchResolver(def, (data) => {
          this.entries.set(key, { status: 'loaded', data });
          this.notify();
        });
        this.entries.set(key, { status: 'loaded', data: resolver.data() });
        created = true;
        continue;
      }
      this.entries.set(key, { status: 'loading' });
      gridData()
        .list(def.form, {})
        .then(({ rows }) => {
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
    // A search lookup is usable at once: its cells ask for their keys on the next render.
    if (created) this.notify();
  }
}
