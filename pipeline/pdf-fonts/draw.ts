import { ascenderOf, faceFor, sfntOf, type FaceFile, type TypeStyle } from './faces';
import { needsActualText, visualPieces, type Piece } from './runs';

type Doc = PDFKit.PDFDocument;
type TextOptions = PDFKit.Mixins.TextOptions;

export type { TypeStyle, Weight } from './faces';

/** The face Latin is drawn in: the chain's first (her web font, else Noto Sans), and the one a blank text is set in. */
function mainFace(style: TypeStyle): FaceFile {
  const face = faceFor(0x41, style);
  if (!face) throw new Error(`The PDF’s main font (${style.font ?? 'Noto Sans'}) has no “A”: its package is missing or broken.`);
  return face;
}

const registered = new WeakMap<Doc, Set<string>>();

/** Sets a face, registered by its file's name the first time, so pdfkit embeds each file once per document. */
function useFace(doc: Doc, face: FaceFile): Doc {
  let names = registered.get(doc);
  if (!names) registered.set(doc, (names = new Set()));
  if (!names.has(face.file)) {
    doc.registerFont(face.file, sfntOf(face.file));
    names.add(face.file);
  }
  return doc.font(face.file);
}

function piecesOf(text: string, style: TypeStyle): Piece[] {
  const pieces = visualPieces(text, style);
  return pieces.length > 0 ? pieces : [{ text: '', face: mainFace(style), rtl: false }];
}

/**
 * Draws `text` as doc.text() would, each piece in its own face, the pieces
 * chained with `continued` so they wrap as one text. Where the glyphs alone
 * would not give the characters back (shaped Arabic, whose letters can share
 * a glyph; Devanagari's conjuncts), a piece is marked with its characters
 * (ActualText), which is what copy and paste, search and pdftotext read.
 */
export function drawText(doc: Doc, text: string, style: TypeStyle, at: { x: number; y: number } | undefined, options: TextOptions = {}) {
  const pieces = piecesOf(text, style);
  // Every face on the main face's baseline: pdfkit would hang each from the top of the line by its own ascender,
  // and Arabic's or Chinese's is taller than Latin's.
  const size = (doc as unknown as { _fontSize: number })._fontSize;
  const baseline = -ascenderOf(mainFace(style)) * size;
  pieces.forEach((piece, index) => {
    const last = index === pieces.length - 1;
    const pieceOptions = { ...options, baseline, continued: last ? options.continued : true };
    useFace(doc, piece.face);
    const draw = () => (index === 0 && at ? doc.text(piece.text, at.x, at.y, pieceOptions) : doc.text(piece.text, pieceOptions));
    // Extractors (poppler's pdftotext among them) read a line as it stands and turn its right-to-left words back
    // themselves, so a right-to-left word's characters are given in the order they are drawn.
    if (needsActualText(piece.text)) withActualText(doc, piece.rtl ? [...piece.text].reverse().join('') : piece.text, draw);
    else draw();
  });
}

/**
 * Marks the text object `draw` writes with its characters (ActualText),
 * inside BT…ET: pdfkit wraps each text object in its own q…Q with a flipped
 * matrix, and a mark around that would place the characters where the
 * restored matrix says, on a line of their own. A piece is one word (runs.ts),
 * so it is one text object.
 */
function withActualText(doc: Doc, text: string, draw: () => void) {
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16().toString('hex');
  const target = doc as unknown as { addContent: (data: string) => Doc };
  const addContent = target.addContent;
  let state: 'before' | 'open' | 'closed' = 'before';
  target.addContent = function (data: string) {
    if (data === 'ET' && state === 'open') {
      addContent.call(this, 'EMC');
      state = 'closed';
    }
    addContent.call(this, data);
    if (data === 'BT' && state === 'before') {
      addContent.call(this, `/Span <</ActualText <${utf16}>>> BDC`);
      state = 'open';
    }
    return doc;
  };
  try {
    draw();
  } finally {
    target.addContent = addContent;
  }
}

/** The width of `text` on one line, at the document's current size. */
export function widthOf(doc: Doc, text: string, style: TypeStyle, options: TextOptions = {}): number {
  return piecesOf(text, style).reduce((sum, piece) => sum + useFace(doc, piece.face).widthOfString(piece.text, options), 0);
}

/**
 * The height `text` takes in `width`: pdfkit measures in one face, so a text
 * in wider glyphs (CJK) is measured by its drawn width too, and the taller wins.
 */
export function heightOf(doc: Doc, text: string, style: TypeStyle, options: TextOptions & { width: number }): number {
  const inMain = useFace(doc, mainFace(style)).heightOfString(text, options);
  const lineHeight = doc.currentLineHeight(true) + (options.lineGap ?? 0);
  const lines = text.split('\n').reduce((sum, line) => sum + Math.max(1, Math.ceil(widthOf(doc, line, style, options) / options.width)), 0);
  return Math.max(inMain, lines * lineHeight);
}
