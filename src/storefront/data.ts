/**
 * The data the storefront's pages show, as the server reads it (server/storefront/queries.ts,
 * cart.ts answer with these shapes). The pages are rendered only by the server's storefront
 * routes, which import them; the pages import nothing of the server.
 */
import type { Rates } from '../core/money.ts';

export interface ShopLanguage {
  code: string;
  /** '' or '/en'. */
  prefix: string;
  /** The language's own host, else null (the shop's hostname). */
  domain: string | null;
  isDefault: boolean;
}

export interface Shop {
  id: number;
  hostname: string;
  name: string;
  company: string;
  companyCurrency: string;
  companyCountry: string;
  currency: string;
  digits: number;
  active: boolean;
  languages: ShopLanguage[];
  /** The default shopper group's multiplier (a visitor is in it). */
  multiplier: number;
  /** The company's default VAT rate (%): an order's charges take it when no goods have a net amount (src/core/orderCharges.ts). */
  defaultVat: number;
  rates: Rates;
  /** The `cdn` setting ('' = this server). */
  cdn: string;
  digitsOf: Record<string, number>;
}

export interface CategoryRow {
  id: number;
  name: string;
  slug: string;
  image_id: number | null;
}

export interface BlockRow {
  col_def_id: number;
  col_width: number;
  block_type: 'text' | 'image' | 'video';
  title: string;
  body: string;
  media_url: string;
  link_url: string;
  css_class: string;
}

export interface PageLink {
  code: string;
  title: string;
  kind: 'quill' | 'blocks';
}

export interface StoreRow {
  store_location_id: number;
  store_name: string;
  address_line_1: string;
  zip_code: string;
  city: string;
  country: string | null;
  phone: string;
  opening_hours: string;
  latitude: number | null;
  longitude: number | null;
}

export interface CartLine {
  code: string;
  name: string;
  qty: number;
  /** The unit price shown (gross, by the price rule). */
  unitGross: number;
  unitNet: number;
  vatRate: number;
  net: number;
  vat: number;
  gross: number;
  weight: number;
  freeQty: number;
  canOrder: boolean;
}

export interface CartNotice {
  kind: 'price' | 'qty' | 'gone';
  name: string;
  old?: number;
  now?: number;
}

export interface CartView {
  lines: CartLine[];
  notices: CartNotice[];
  net: number;
  vat: number;
  gross: number;
  /** kg (products without a weight count 0). */
  weight: number;
  count: number;
}

export interface DeliveryOption {
  id: number;
  name: string;
  /** Gross, in the shop's currency (0 when the cart is above free_from). */
  price: number;
  free: boolean;
  days: number | null;
}

export interface PaymentOption {
  id: number;
  name: string;
  fee: number;
  prepayment: boolean;
}
