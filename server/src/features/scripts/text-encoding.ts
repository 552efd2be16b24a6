/**
 * The text of an uploaded plain-text file in the encodings scripts come in: UTF-8 (with or
 * without its byte-order mark), UTF-16 with its mark, and Windows-1252 (which reads every
 * Latin-1 file the same way). Anything else (another encoding, or a binary file) is not text we
 * can read: null. A small fixed set on purpose (decision 263): a statistical detector guesses
 * among dozens of encodings and turns a short Latin-1 play into Cyrillic or Turkish.
 */
export type TextEncoding = 'utf-8' | 'utf-16le' | 'utf-16be' | 'windows-1252';

export function decodeText(bytes: Uint8Array): { text: string; encoding: TextEncoding } | null {
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return decodeAs(bytes.subarray(2), 'utf-16le');
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return decodeAs(bytes.subarray(2), 'utf-16be');
  const utf8 = decodeAs(bytes, 'utf-8');
  if (utf8) return { ...utf8, text: utf8.text.replace(/^\ufeff/, '') };
  // Bytes 0x81, 0x8D, 0x8F, 0x90 and 0x9D are undefined in Windows-1252, and control bytes
  // other than tab, line feed, form feed and carriage return are not in text files.
  for (const b of bytes)
    if (
      (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0c && b !== 0x0d) ||
      b === 0x7f ||
      b === 0x81 ||
      b === 0x8d ||
      b === 0x8f ||
      b === 0x90 ||
      b === 0x9d
    )
      return null;
  return decodeAs(bytes, 'windows-1252');
}

function decodeAs(
  bytes: Uint8Array,
  encoding: TextEncoding,
): { text: string; encoding: TextEncoding } | null {
  let text: string;
  try {
    text = new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
  // A NUL in decoded text means a binary file (or UTF-16 without its mark): not a script.
  return text.includes('\u0000') ? null : { text, encoding };
}
