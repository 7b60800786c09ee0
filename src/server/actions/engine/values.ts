import type { ColumnMeta } from '../../../../schemas/screen.ts';
import { badRequest } from '../../http/errors.ts';
import type { ValueType } from './screens.ts';

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);
const MAX_TEXT = 100_000;
const MAX_JSON = 100_000;

/** A plain JSON object whose keys are safe to look at; anything else is a 400. */
export function plainObject(value: unknown, where: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) {
    throw badRequest(`${where}: expected an object, got ${describe(value)}`);
  }
  for (const k of Object.keys(value)) {
    if (FORBIDDEN_KEYS.has(k)) throw badRequest(`${where}.${k}: this key is not allowed`);
  }
  return value as Record<string, unknown>;
}

export const describe = (v: unknown): string =>
  v === null ? 'null' : Array.isArray(v) ? 'an array' : typeof v === 'string' ? `"${v.length > 40 ? `${v.slice(0, 40)}…` : v}"` : typeof v;

export function isValidDate(s: string): boolean {
  if (!DATE.test(s)) return false;
  const d = new Date(`${s}T00:00:00Z`);
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === s;
}

/** A scalar of the column's value type, as used in filters and keys (no bounds). */
export function scalar(type: ValueType, v: unknown, where: string): string | number | boolean {
  switch (type) {
    case 'int':
      if (typeof v === 'number' && Number.isSafeInteger(v)) return v;
      break;
    case 'number':
    case 'money':
      if (typeof v === 'number' && Number.isFinite(v)) return v;
      break;
    case 'bool':
      if (typeof v === 'boolean') return v;
      break;
    case 'date':
      if (typeof v === 'string' && isValidDate(v)) return v;
      break;
    case 'datetime':
      if (typeof v === 'string' && v.length <= 40 && !Number.isNaN(Date.parse(v))) return new Date(v).toISOString();
      break;
    case 'text':
    case 'multi':
      if (typeof v === 'string' && v.length <= MAX_TEXT) return v;
      break;
    case 'json':
      break;
  }
  throw badRequest(`${where}: expected ${expected[type]}, got ${describe(v)}`);
}

const expected: Record<ValueType, string> = {
  int: 'an integer',
  number: 'a number',
  money: 'a number',
  bool: 'true or false',
  date: 'a date yyyy-MM-dd',
  datetime: 'a date-time',
  text: 'a string',
  multi: 'a string',
  json: 'a JSON value',
};

/**
 * Validates one value written to a column: type, required, bounds, length, pattern,
 * options. Returns the value as it is bound to SQL (multi and json as JSON text).
 */
export function columnValue(field: string, col: ColumnMeta, type: ValueType, v: unknown, where: string): unknown {
  const at = `${where}.${field}`;
  if (v === null || v === undefined || v === '') {
    if (col.required) throw badRequest(`${at}: is required`);
    return type === 'multi' ? '{}' : null;
  }
  if (type === 'multi') {
    const obj = plainObject(v, at);
    const entries = Object.entries(obj);
    for (const [lang, text] of entries) {
      if (!/^[a-z]{2}$/.test(lang)) throw badRequest(`${at}.${lang}: expected a two-letter language code`);
      if (typeof text !== 'string') throw badRequest(`${at}.${lang}: expected a string, got ${describe(text)}`);
      if (col.maxLength && text.length > col.maxLength) throw badRequest(`${at}.${lang}: longer than ${col.maxLength} characters`);
      if (text.length > MAX_TEXT) throw badRequest(`${at}.${lang}: too long`);
    }
    if (col.required && !entries.some(([, t]) => (t as string).trim() !== '')) {
      throw badRequest(`${at}: is required in at least one language`);
    }
    return JSON.stringify(obj);
  }
  if (type === 'json') {
    const text = JSON.stringify(v);
    if (text.length > MAX_JSON) throw badRequest(`${at}: too large`);
    return text;
  }
  const value = scalar(type, v, at);
  if (typeof value === 'string' && type === 'text') {
    if (col.required && value.trim() === '') throw badRequest(`${at}: is required`);
    if (col.maxLength && value.length > col.maxLength) throw badRequest(`${at}: longer than ${col.maxLength} characters`);
    if (col.pattern && !new RegExp(col.pattern).test(value)) throw badRequest(`${at}: does not match the expected format`);
  }
  if (col.min !== undefined && value < col.min) throw badRequest(`${at}: must be at least ${col.min}`);
  if (col.max !== undefined && value > col.max) throw badRequest(`${at}: must be at most ${col.max}`);
  if (col.options && !col.options.includes(value as string | number)) {
    throw badRequest(`${at}: must be one of ${col.options.join(', ')}`);
  }
  return value;
}
