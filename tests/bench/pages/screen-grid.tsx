/**
 * Bench page (b), the grid part (loaded by screen.ts once the data is ready): ScreenGrid with the client row model (`rows`), a read-only descriptor
 * of the same 10 columns, Balham theme, English catalogue. `?wide=N` adds N more columns of 100 px
 * (the same fields again: tests of the column virtualization; the bench never sets it).
 */
import { createRoot } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import en from '../../../locales/en.json';
import { parseScreen } from '../../../schemas/screen.ts';
import { ScreenGrid } from '../../../src/app/grid/ScreenGrid.tsx';
import { provideClientModule } from '../../../src/app/grid/rowModel/clientModule.ts';
import * as clientRows from '../../../src/app/grid/rowModel/clientRows.ts';
import { expandMessages } from '../../../src/app/i18n/messages.ts';
import type { ShippedMessages } from '../../../src/core/catalogue.ts';
import type { Mount } from './shell.ts';

const FIELDS = ['code', 'name', 'brand', 'category', 'price', 'stock', 'weight', 'date', 'active', 'country'] as const;
const wide = Number(new URLSearchParams(location.search).get('wide') ?? 0);
const more = Object.fromEntries(Array.from({ length: wide }, (_, i) => [`${FIELDS[i % FIELDS.length]}_${i}`, { width: 100 }]));

const descriptor = parseScreen(
  {
    form: 'bench_products',
    route: '/bench/products',
    source: { relation: 'app.bench_products', key: 'code' },
    columns: {
      code: wide ? { pinned: 'left' as const } : {},
      name: {},
      brand: {},
      category: {},
      price: { type: 'money' },
      stock: { type: 'int' },
      weight: { type: 'number', renderer: 'weight' },
      date: { type: 'date' },
      active: { type: 'bool' },
      country: {},
      ...more,
    },
  },
  'bench',
);

// en.json arrives precompiled, as in the app (vite.config.ts, I18nProvider).
const messages = expandMessages({
  ...(en as unknown as ShippedMessages),
  'fields.code': 'Code',
  'fields.name': 'Name',
  'fields.brand': 'Brand',
  'fields.category': 'Category',
  'fields.price': 'Price',
  'fields.stock': 'Stock',
  'fields.weight': 'Weight',
  'fields.date': 'Date',
  'fields.active': 'Active',
  'fields.country': 'Country',
  ...Object.fromEntries(Object.keys(more).map((f) => [`fields.${f}`, f])),
});

const perms = { list: true, add: false, set: false, delete: false };

// The rows are in memory: the client row model comes with this page's code, as any page that hands rows in would do.
provideClientModule(clientRows);

export const mount: Mount = (rows, root) =>
  createRoot(root).render(
    <IntlProvider locale="en-GB" defaultLocale="en-GB" messages={messages}>
      <ScreenGrid screen={descriptor} perms={perms} rows={rows} />
    </IntlProvider>,
  );
