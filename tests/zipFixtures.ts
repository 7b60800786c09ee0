/**
 * Hand-made ZIPs for the import's limits: entries whose headers declare whatever the test
 * says, and deflate streams that inflate to far more than they take.
 */
import { createDeflateRaw, deflateRawSync } from 'node:zlib';

export interface RawEntry {
  name: string;
  /** The stored bytes, as `method` has them (default 8, deflate; 0 stores). */
  data: Buffer;
  method?: number;
  /** The uncompressed size both headers declare (default: the true one, for stored data). */
  declared?: number;
  flags?: number;
}

/** A ZIP of the entries as given: local headers, data, central directory, end record. */
export function zipOf(entries: RawEntry[]): Uint8Array {
  const out: Buffer[] = [];
  const central: Buffer[] = [];
  let offset = 0;
  for (const e of entries) {
    const name = Buffer.from(e.name);
    const declared = e.declared ?? e.data.length;
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(e.flags ?? 0, 6);
    local.writeUInt16LE(e.method ?? 8, 8);
    local.writeUInt32LE(e.data.length, 18);
    local.writeUInt32LE(declared, 22);
    local.writeUInt16LE(name.length, 26);
    out.push(local, name, e.data);
    const c = Buffer.alloc(46);
    c.writeUInt32LE(0x02014b50, 0);
    c.writeUInt16LE(20, 4);
    c.writeUInt16LE(20, 6);
    c.writeUInt16LE(e.flags ?? 0, 8);
    c.writeUInt16LE(e.method ?? 8, 10);
    c.writeUInt32LE(e.data.length, 20);
    c.writeUInt32LE(declared, 24);
    c.writeUInt16LE(name.length, 28);
    c.writeUInt32LE(offset, 42);
    central.push(c, name);
    offset += 30 + name.length + e.data.length;
  }
  const size = central.reduce((n, b) => n + b.length, 0);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(entries.length, 8);
  end.writeUInt16LE(entries.length, 10);
  end.writeUInt32LE(size, 12);
  end.writeUInt32LE(offset, 16);
  return new Uint8Array(Buffer.concat([...out, ...central, end]));
}

/** `prefix`, then `bytes` spaces, then `suffix`, deflated as a stream (1 GiB of spaces takes ~1 MB). */
export async function deflatedPadding(prefix: string, bytes: number, suffix: string): Promise<Buffer> {
  const d = createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  d.on('data', (c: Buffer) => out.push(c));
  const ended = new Promise((resolve) => d.once('end', resolve));
  d.write(prefix);
  const chunk = Buffer.alloc(1 << 20, 0x20);
  for (let left = bytes; left > 0; left -= chunk.length) {
    if (!d.write(left >= chunk.length ? chunk : chunk.subarray(0, left))) await new Promise((r) => d.once('drain', r));
  }
  d.end(suffix);
  await ended;
  return Buffer.concat(out);
}

const MAIN = 'http://schemas.openxmlformats.org/spreadsheetml/2006/main';
const REL = 'http://schemas.openxmlformats.org/officeDocument/2006/relationships';

/** The parts of a one-sheet workbook around a given sheet part (deflated, sizes declared truly), and `extra` entries. */
export function workbookAround(sheet: RawEntry, ...extra: RawEntry[]): Uint8Array {
  const part = (name: string, xml: string): RawEntry => ({ name, data: deflateRawSync(xml), declared: Buffer.byteLength(xml) });
  return zipOf([
    part(
      '[Content_Types].xml',
      `<?xml version="1.0"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>`,
    ),
    part(
      '_rels/.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>`,
    ),
    part('xl/workbook.xml', `<?xml version="1.0"?><workbook xmlns="${MAIN}" xmlns:r="${REL}"><sheets><sheet name="Sheet1" sheetId="1" r:id="rId1"/></sheets></workbook>`),
    part(
      'xl/_rels/workbook.xml.rels',
      `<?xml version="1.0"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="${REL}/worksheet" Target="worksheets/sheet1.xml"/></Relationships>`,
    ),
    sheet,
    ...extra,
  ]);
}

/** A sheet part: a header row and one data row, then `padding` spaces (whitespace XML allows) before the end. */
export const sheetXml = (padding = ''): [string, string] => [
  `<?xml version="1.0"?><worksheet xmlns="${MAIN}"><sheetData><row r="1"><c r="A1" t="inlineStr"><is><t>Brand</t></is></c></row><row r="2"><c r="A2" t="inlineStr"><is><t>Lying Zip</t></is></c></row></sheetData>${padding}`,
  '</worksheet>',
];

/** An XLSX whose sheet declares 1,000 bytes unpacked and inflates to `bytes` more than that. */
export async function lyingXlsx(bytes: number): Promise<Uint8Array> {
  const [head, tail] = sheetXml();
  return workbookAround({ name: 'xl/worksheets/sheet1.xml', data: await deflatedPadding(head, bytes, tail), declared: 1000 });
}
