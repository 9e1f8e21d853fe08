import { inflateSync } from 'node:zlib';

/**
 * The text a PDF shows: pdfkit writes each line as a TJ array of hex strings inside deflated content streams. A
 * no-break space (the voucher's rule lines) reads as a space.
 */
export function pdfText(pdf: Buffer): string {
  const lines: string[] = [];
  for (const stream of pdf.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let content: string;
    try {
      content = inflateSync(Buffer.from(stream[1]!, 'latin1')).toString('latin1');
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
