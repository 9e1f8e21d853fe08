import { inflateSync } from 'node:zlib';

/**
 * The deflated content streams of a PDF, each cut by its dictionary's /Length (a stream's bytes may end in "\r", which
 * a search for "\nendstream" would take as the line break and cut off); an indirect /Length falls back to the search.
 */
function streamsOf(pdf: Buffer): Buffer[] {
  const text = pdf.toString('latin1');
  const streams: Buffer[] = [];
  for (const start of text.matchAll(/>>\s*stream(\r?\n)/g)) {
    const from = start.index + start[0].length;
    const dictionary = text.slice(text.lastIndexOf('<<', start.index), start.index);
    const length = /\/Length (\d+)(?!\s+\d+\s+R)/.exec(dictionary);
    const to = length ? from + Number(length[1]) : text.indexOf('endstream', from);
    streams.push(pdf.subarray(from, to));
  }
  return streams;
}

/**
 * The text a PDF shows: pdfkit writes each line as a TJ array of hex strings inside deflated content streams. A
 * no-break space (the voucher's rule lines) reads as a space.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of streamsOf(pdf)) {
    let content: string;
    try {
      content = inflateSync(stream).toString('latin1');
    } catch {
      continue; // an image
    }
    for (const array of content.matchAll(/\[([^\]]*)\] TJ/g))
      lines.push(
        [...array[1]!.matchAll(/<([0-9a-f]*)>/g)]
          .map((hex) => Buffer.from(hex[1]!, 'hex').toString('latin1'))
          .join('')
          .replaceAll('\u00a0', ' '),
      );
  }
  return lines.join('\n');
}

/**
 * What a PDF draws: its deflated streams inflated (page contents, and images' pixels), so two PDFs that draw the same
 * compare equal whatever their creation dates. Shaped text (src/server/platform/pdf/shaped-text.ts) is paths here.
 */
export function pdfContents(pdf: Buffer): string[] {
  const contents: string[] = [];
  for (const stream of streamsOf(pdf)) {
    try {
      contents.push(inflateSync(stream).toString('latin1'));
    } catch {
      // not deflated
    }
  }
  return contents;
}
