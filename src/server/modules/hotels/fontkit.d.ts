/**
 * fontkit (pdfkit's font engine, installed with it) ships no types: the one call the room cards use. Its fonts are
 * handed to pdfkit's registerFont, which only needs them to have layout().
 */
declare module 'fontkit' {
  export interface Font {
    layout(text: string): unknown;
  }
  export function create(buffer: Uint8Array): Font;
}
