/**
 * Whether an upload's bytes are what its extension says (issue 21, hardening 8): the
 * extension picks the stored content type, so a file must not be something else under
 * it (an HTML page or an executable named `.pdf` or `.txt`). Signatures from the formats'
 * specifications; an Office file is a ZIP whose part names say which application it is.
 */
const startsWith = (bytes: Uint8Array, sig: readonly number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);
const ascii = (s: string) => [...s].map((c) => c.charCodeAt(0));

/** Whether the ASCII text occurs in the bytes (a ZIP's part names are stored as they are). */
function contains(bytes: Uint8Array, text: string): boolean {
  const needle = ascii(text);
  outer: for (let i = 0; i + needle.length <= bytes.length; i++) {
    for (let j = 0; j < needle.length; j++) if (bytes[i + j] !== needle[j]) continue outer;
    return true;
  }
  return false;
}

const ZIP = [0x50, 0x4b, 0x03, 0x04];

const CHECKS: Record<string, (b: Uint8Array) => boolean> = {
  pdf: (b) => startsWith(b, ascii('%PDF-')),
  png: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  jpg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  jpeg: (b) => startsWith(b, [0xff, 0xd8, 0xff]),
  webp: (b) => startsWith(b, ascii('RIFF')) && startsWith(b, ascii('WEBP'), 8),
  xlsx: (b) => startsWith(b, ZIP) && contains(b, 'xl/'),
  docx: (b) => startsWith(b, ZIP) && contains(b, 'word/'),
  // Text in any encoding, but not binary: no NUL byte in its first 8 KiB.
  txt: (b) => !b.subarray(0, 8192).includes(0),
  csv: (b) => !b.subarray(0, 8192).includes(0),
};

/** Whether `bytes` are a file of the type `ext` names (false for an extension without a check). */
export const contentMatches = (ext: string, bytes: Uint8Array): boolean => CHECKS[ext]?.(bytes) ?? false;
