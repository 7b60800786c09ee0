/**
 * The row of every form as JSON Schema, from its descriptor: `components.schemas.<Form>Row`
 * and `FormRows` (form → its row), so the client infers each form's rows from the document
 * instead of `Record<string, unknown>` (src/app/grid/dataProvider/contract.ts `FormRow`).
 *
 * A row holds what the engine answers (engine/write.ts `rowFields`): the key fields, the
 * columns and the version, as JSON (src/server/db: numeric → number, date → yyyy-MM-dd,
 * timestamps → ISO). Keys and the version are never null; any other column may be.
 */
import type { ScreenDescriptor } from '../schemas/screen.ts';
import { keysOf, screenValueTypes, type ValueType } from '../src/core/validation/columns.ts';

type Json = Record<string, unknown>;

const pascal = (s: string) => s.replace(/(^|_)([a-z0-9])/g, (_, __, c: string) => c.toUpperCase());
/** The component name of a form's row. */
export const rowComponent = (form: string) => `${pascal(form)}Row`;

const valueSchema: Record<ValueType, Json> = {
  text: { type: 'string' },
  int: { type: 'integer' },
  number: { type: 'number' },
  money: { type: 'number' },
  bool: { type: 'boolean' },
  date: { type: 'string', format: 'date' },
  datetime: { type: 'string', format: 'date-time' },
  multi: { $ref: '#/components/schemas/MultiText' },
  // Any JSON value (null included).
  json: {},
};

const nullable = (s: Json): Json => (Object.keys(s).length === 0 ? s : { anyOf: [s, { type: 'null' }] });

/** `<Form>Row` for every form and `FormRows`; throws on a name an exported schema already has. */
export function rowSchemas(screens: readonly ScreenDescriptor[], taken: ReadonlySet<string>): Record<string, Json> {
  const byForm = new Map(screens.map((s) => [s.form, s]));
  const out: Record<string, Json> = {};
  const forms: Json = {};
  for (const s of [...screens].sort((a, b) => a.form.localeCompare(b.form))) {
    const name = rowComponent(s.form);
    if (taken.has(name) || name in out) throw new Error(`${s.form}: the row component name ${name} is taken`);
    const types = screenValueTypes(s, (f) => byForm.get(f));
    const keys = keysOf(s);
    const properties: Record<string, Json> = {};
    for (const k of keys) properties[k] = valueSchema[types[k]!];
    for (const f of Object.keys(s.columns)) if (!(f in properties)) properties[f] = nullable(valueSchema[types[f]!]);
    if (s.source.version && !(s.source.version in properties)) properties[s.source.version] = { type: 'integer' };
    out[name] = {
      type: 'object',
      description: `A row of ${s.form}: list and filter rows, the row of set and add, undo's rows.`,
      properties,
      required: Object.keys(properties),
      additionalProperties: false,
    };
    forms[s.form] = { $ref: `#/components/schemas/${name}` };
  }
  out.FormRows = {
    type: 'object',
    description: 'The row of each form (api_action entity), by form name: what `rows` and `row` of its answers hold.',
    properties: forms,
    required: Object.keys(forms),
    additionalProperties: false,
  };
  return out;
}
