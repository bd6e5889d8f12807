// The little of fontkit (pdfkit's own font engine) that the PDF's font chain uses; fontkit ships no types.
declare module 'fontkit' {
  export interface Font {
    hasGlyphForCodePoint(codePoint: number): boolean;
    ascent: number;
    unitsPerEm: number;
  }
  export function create(buffer: Buffer): Font;
}
