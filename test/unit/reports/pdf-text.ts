/**
 * Just enough PDF reading for tests of our own reports: inflate the content streams and decode the
 * hex strings pdfkit writes for the standard fonts (Windows-1252). One text operator = one line.
 */
import { inflateSync } from 'node:zlib';

/** 0x80–0x9F of Windows-1252 (Node's TextDecoder reads them as Latin-1 control codes). */
const CP1252_HIGH = '€\u0081‚ƒ„…†‡ˆ‰Š‹Œ\u008dŽ\u008f\u0090‘’“”•–—˜™š›œ\u009džŸ';

function cp1252(bytes: Buffer): string {
  let out = '';
  for (const b of bytes) out += b >= 0x80 && b <= 0x9f ? (CP1252_HIGH[b - 0x80] ?? '') : String.fromCharCode(b);
  return out;
}

function streams(pdf: Buffer): Buffer[] {
  const out: Buffer[] = [];
  let from = 0;
  for (;;) {
    const start = pdf.indexOf('stream', from);
    if (start < 0) return out;
    const dataStart = start + (pdf[start + 6] === 0x0d ? 8 : 7);
    const end = pdf.indexOf('endstream', dataStart);
    if (end < 0) return out;
    const header = pdf.toString('latin1', Math.max(0, start - 200), start);
    const raw = pdf.subarray(dataStart, end);
    try {
      out.push(header.includes('/FlateDecode') ? inflateSync(raw) : raw);
    } catch {
      // not a content stream we can read (fonts, images): skip
    }
    from = end + 9;
  }
}

/** The text lines of a pdfkit PDF, in drawing order. */
export function pdfTextLines(pdf: Buffer): string[] {
  const lines: string[] = [];
  for (const s of streams(pdf)) {
    const content = s.toString('latin1');
    for (const m of content.matchAll(/\[((?:<[0-9a-fA-F]*>|\s|-?\d+(?:\.\d+)?)*)\]\s*TJ/g)) {
      const hex = [...(m[1] ?? '').matchAll(/<([0-9a-fA-F]*)>/g)].map((h) => h[1] ?? '').join('');
      lines.push(cp1252(Buffer.from(hex, 'hex')));
    }
  }
  return lines;
}

export function pdfPageCount(pdf: Buffer): number {
  return pdf.toString('latin1').match(/\/Type\s*\/Page\b/g)?.length ?? 0;
}
