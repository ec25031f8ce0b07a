import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The fonts a logbook PDF is set in: a Unicode TTF pair when the system has one, else Helvetica. */
export type PdfFonts = {
  /** Names to pass to `doc.font()` once `register` has run on the document. */
  body: string;
  bold: string;
  register: (doc: PDFKit.PDFDocument) => void;
  /** Makes text printable in these fonts (the standard fonts only know WinAnsi). */
  clean: (text: string) => string;
};

// DejaVu Sans covers Latin, Greek, Cyrillic and more, so names such as 'Zoë' or 'Łukasz' print
// as written. It comes with the server's dependencies (dejavu-fonts-ttf), so a fresh machine has
// it; the system's copy (Debian/Ubuntu, Alpine, Fedora, Arch) is the fallback.
const UNICODE_FONT_DIRS = [
  packagedFontDir(),
  '/usr/share/fonts/truetype/dejavu',
  '/usr/share/fonts/dejavu',
  '/usr/share/fonts/dejavu-sans-fonts',
  '/usr/share/fonts/TTF',
];

// WinAnsi (cp1252) beyond Latin-1: what Helvetica can still draw of the higher code points.
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function packagedFontDir(): string {
  try {
    const manifest = createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json');
    return path.join(path.dirname(manifest), 'ttf');
  } catch {
    return '';
  }
}

let found: PdfFonts | undefined;

/** Looked up once per process: the files do not move while the server runs. */
export function pdfFonts(): PdfFonts {
  found ??= findUnicodeFonts() ?? helvetica();
  return found;
}

function findUnicodeFonts(): PdfFonts | undefined {
  for (const dir of UNICODE_FONT_DIRS) {
    const regular = `${dir}/DejaVuSans.ttf`;
    const bold = `${dir}/DejaVuSans-Bold.ttf`;
    if (existsSync(regular) && existsSync(bold)) {
      // Control characters would still print as boxes; the rest of the text is kept.
      const register = (doc: PDFKit.PDFDocument) => {
        doc.registerFont('body', regular);
        doc.registerFont('bold', bold);
      };
      return {
        body: 'body',
        bold: 'bold',
        register,
        clean: (text) => text.replace(/[^\P{Cc}\n]/gu, ''),
      };
    }
  }
  return undefined;
}

function helvetica(): PdfFonts {
  return {
    // Used by their own names: pdfkit re-reads a standard font's metrics on every `font()` call
    // when it is registered under another name.
    body: 'Helvetica',
    bold: 'Helvetica-Bold',
    register: () => {},
    // Accents are split off and dropped ('é' -> 'e'), anything else Helvetica lacks becomes '?'.
    clean: (text) =>
      text
        .normalize('NFKD')
        .replace(/[\u0300-\u036f]/g, '')
        .replace(/[^\n\x20-\x7e\u00a0-\u00ff]/gu, (c) => (WIN_ANSI_EXTRA.has(c) ? c : '?')),
  };
}
