import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { deflateSync } from 'node:zlib';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, typedArrayFor, type Color, type PDFFont, type PDFPage } from 'pdf-lib';
import type { ChainHistoryDetail, ChainHistoryEvent } from '@signet/contracts/chain-history';
import type { ChainType } from '@signet/contracts/chain-rules';
import { quickLayoutFont, type ParsedFont } from './font-quick-layout';
import { quickSubsetFont } from './font-subset';
import { signingTrailLabels, type SigningTrailLabels } from './signing-trail-labels';

/** What a signing trail (documents §2, issue 26) shows. */
export interface SigningTrailInput {
  /** The upload's file name (a batch: the batch name). */
  documentName: string;
  /** Hex SHA-256 of the upload as uploaded. */
  uploadSha256: string;
  chainId: string;
  chainType: ChainType;
  creator: { name: string; email: string };
  /** From readChainHistory, in order. */
  events: ChainHistoryEvent[];
  /** The creator's language. */
  language: 'en' | 'hu';
  generatedAt: Date;
}

/**
 * The budget of one trail: a chain of 50 participants with every event fits well inside it; the
 * events beyond the last page are summed up in one line (the chain's history keeps them all).
 */
export const signingTrailBudget = { maxPages: 60, maxFieldLength: 300 } as const;

const a4 = { width: 595.28, height: 841.89 };
const margin = { left: 56, right: 56, top: 60, bottom: 64 };
const textWidth = a4.width - margin.left - margin.right;
const labelColumn = 170;
const grey = rgb(0.35, 0.35, 0.35);
/** The last page's room for the "and n more events" note. */
const noteHeight = 20;

/** DejaVu Sans (free licence, Latin-2 and much more), from the dejavu-fonts-ttf package. */
let fontBytes: Promise<[Uint8Array, Uint8Array]> | undefined;
export function loadFonts(): Promise<[Uint8Array, Uint8Array]> {
  const ttf = join(
    dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf',
  );
  fontBytes ??= Promise.all([
    readFile(join(ttf, 'DejaVuSans.ttf')),
    readFile(join(ttf, 'DejaVuSans-Bold.ttf')),
  ]);
  return fontBytes;
}

type Fontkit = Parameters<PDFDocument['registerFontkit']>[0];
const parsedFonts = new Map<Uint8Array, ParsedFont>();

/**
 * fontkit for pdf-lib that parses each font file once per thread (the files of `loadFonts` are
 * the same buffers every time): parsing DejaVu Sans was most of a trail's rendering. Each
 * document still makes its own subset of the parsed font. The font lays text out without
 * shaping where shaping cannot change the glyphs (`quickLayoutFont`) and writes its subsets from
 * its tables (`quickSubsetFont`), the same glyphs and subset bytes as fontkit's (decision 045).
 */
const parsedOnceFontkit: Fontkit = {
  create(buffer, postscriptName) {
    if (postscriptName !== undefined) return fontkit.create(buffer, postscriptName);
    let font = parsedFonts.get(buffer);
    if (!font) {
      font = quickSubsetFont(quickLayoutFont(fontkit.create(buffer)), buffer);
      parsedFonts.set(buffer, font);
    }
    return font;
  },
};

/**
 * A new document with DejaVu Sans regular and bold subset-embedded, for the signing trail and the
 * validation report. Its flate streams (the fonts, their Unicode maps) are compressed by Node's
 * zlib rather than pdf-lib's pako, about five times faster: compressing the fonts was the largest
 * part of a trail's rendering left (decision 045).
 */
export async function trailDocument(): Promise<{
  pdf: PDFDocument;
  regular: PDFFont;
  bold: PDFFont;
}> {
  const pdf = await PDFDocument.create({ updateMetadata: false });
  pdf.registerFontkit(parsedOnceFontkit);
  const { context } = pdf;
  context.flateStream = (contents, dict = {}) =>
    context.stream(deflateSync(typedArrayFor(contents)), { ...dict, Filter: 'FlateDecode' });
  const [regularBytes, boldBytes] = await loadFonts();
  const regular = await pdf.embedFont(regularBytes, { subset: true });
  const bold = await pdf.embedFont(boldBytes, { subset: true });
  return { pdf, regular, bold };
}

/** One line of someone's text, within the field budget: control characters become spaces. */
export function oneLine(text: string): string {
  const line = text.replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]+/gu, ' ').trim();
  const max = signingTrailBudget.maxFieldLength;
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** "2026-11-27 02:31:05 UTC": the same in every language, as a record should be. */
export function utc(at: Date): string {
  return `${at.toISOString().slice(0, 19).replace('T', ' ')} UTC`;
}

/**
 * Width of a text at size 1 as the sum of its characters' widths, each measured once: the PDF
 * draws glyphs by their widths without kerning, and measuring whole strings through the font's
 * layout is slow for a 50-participant trail.
 */
class Measure {
  private readonly widths = new Map<string, number>();
  constructor(readonly font: PDFFont) {}

  width(text: string, size: number): number {
    let total = 0;
    for (const char of text) {
      let width = this.widths.get(char);
      if (width === undefined) {
        width = this.font.widthOfTextAtSize(char, 1);
        this.widths.set(char, width);
      }
      total += width;
    }
    return total * size;
  }
}

/** Breaks text into lines of at most `width` points; a word too long is broken by characters. */
function wrap(text: string, measure: Measure, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  const fits = (s: string) => measure.width(s, size) <= width;
  for (const word of text.split(' ')) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (fits(candidate)) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    line = '';
    let piece = '';
    for (const char of word) {
      if (piece !== '' && !fits(piece + char)) {
        lines.push(piece);
        piece = '';
      }
      piece += char;
    }
    line = piece;
  }
  if (line !== '' || lines.length === 0) lines.push(line);
  return lines;
}

/** The label/value rows an event shows, in a fixed order. */
function detailRows(detail: ChainHistoryDetail, labels: SigningTrailLabels): [string, string][] {
  const rows: [string, string | number | undefined][] = [
    [labels.name, detail.name],
    [labels.email, detail.email],
    [labels.subsignerName, detail.subsignerName],
    [labels.eventDocument, detail.documentName],
    [labels.certificateSubject, detail.certificateSubject],
    [labels.certificateSerial, detail.certificateSerial],
    [labels.certificateIssuer, detail.certificateIssuer],
    [labels.page, detail.page],
    [labels.clientAddress, detail.clientAddress],
    [labels.reason, detail.reason],
  ];
  return rows.flatMap(([label, value]) =>
    value === undefined || value === '' ? [] : [[label, oneLine(String(value))]],
  );
}

/**
 * Writes lines top-down, starting a new page when one is full, within the page budget (the
 * validation report's PDF writes with it too).
 */
export class TrailWriter {
  pages: PDFPage[] = [];
  private y = 0;

  constructor(
    private readonly pdf: PDFDocument,
    readonly regular: PDFFont,
    readonly bold: PDFFont,
  ) {
    this.newPage();
  }

  private readonly measures = new Map<PDFFont, Measure>();
  measure(font: PDFFont): Measure {
    let measure = this.measures.get(font);
    if (measure === undefined) {
      measure = new Measure(font);
      this.measures.set(font, measure);
    }
    return measure;
  }

  private newPage() {
    this.pages.push(this.pdf.addPage([a4.width, a4.height]));
    this.y = a4.height - margin.top;
  }

  /**
   * Whether `height` more points fit on this page or a new one within the budget. The last page
   * keeps one line free for the note that the budget cut the events short.
   */
  room(height: number): boolean {
    const last = this.pages.length >= signingTrailBudget.maxPages;
    if (this.y - height >= margin.bottom + (last ? noteHeight : 0)) return true;
    if (last) return false;
    this.newPage();
    return true;
  }

  private get page(): PDFPage {
    const page = this.pages.at(-1);
    if (page === undefined) throw new Error('no page');
    return page;
  }

  text(text: string, options: { size: number; bold?: boolean; x?: number; gap?: number }) {
    const font = options.bold === true ? this.bold : this.regular;
    const x = margin.left + (options.x ?? 0);
    for (const line of wrap(
      oneLine(text),
      this.measure(font),
      options.size,
      textWidth - (options.x ?? 0),
    )) {
      this.room(options.size * 1.4);
      this.y -= options.size * 1.4;
      this.draw(this.page, line, { x, y: this.y, size: options.size, font });
    }
    this.y -= options.gap ?? 0;
  }

  /** A label in grey on the left, its value wrapped in the column beside it. */
  row(label: string, value: string, indent: number, size: number) {
    const measure = this.measure(this.regular);
    const labelLines = wrap(label, measure, size, labelColumn - 8);
    let valueLines = wrap(value, measure, size, textWidth - indent - labelColumn);
    let valueIndent = indent + labelColumn;
    const wide = wrap(value, measure, size, textWidth - indent - 16);
    if (valueLines.length > 1 && wide.length === 1) {
      // A value one line long at full width (a hash, a certificate subject) goes under its label.
      valueLines = [...labelLines.map(() => ''), ...wide];
      valueIndent = indent + 16;
    }
    const lineHeight = size * 1.4;
    this.room(lineHeight * Math.min(2, Math.max(labelLines.length, valueLines.length)));
    const count = Math.max(labelLines.length, valueLines.length);
    for (let i = 0; i < count; i += 1) {
      this.room(lineHeight);
      this.y -= lineHeight;
      const font = this.regular;
      const labelLine = labelLines[i];
      const valueLine = valueLines[i];
      if (labelLine !== undefined) {
        const x = margin.left + indent;
        this.draw(this.page, labelLine, { x, y: this.y, size, font, color: grey });
      }
      if (valueLine !== undefined && valueLine !== '') {
        this.draw(this.page, valueLine, { x: margin.left + valueIndent, y: this.y, size, font });
      }
    }
  }

  private readonly pageFonts = new Map<PDFPage, PDFFont>();
  /**
   * Draws a line of text. The font is set on the page only when it changes: pdf-lib's `drawText`
   * given a font adds it to the page's resources under a new name (and again to restore the one
   * before) on every call.
   */
  draw(
    page: PDFPage,
    text: string,
    options: { x: number; y: number; size: number; font: PDFFont; color?: Color },
  ) {
    const { font, ...placed } = options;
    if (this.pageFonts.get(page) !== font) {
      page.setFont(font);
      this.pageFonts.set(page, font);
    }
    page.drawText(text, placed);
  }

  /** One line in the room the last page keeps free. */
  note(text: string) {
    this.y -= 14;
    const line = wrap(oneLine(text), this.measure(this.regular), 10, textWidth)[0] ?? '';
    this.draw(this.page, line, { x: margin.left, y: this.y, size: 10, font: this.regular });
  }

  space(points: number) {
    this.y -= points;
  }

  rule() {
    this.room(12);
    this.y -= 6;
    this.page.drawLine({
      start: { x: margin.left, y: this.y },
      end: { x: a4.width - margin.right, y: this.y },
      thickness: 0.5,
      color: grey,
    });
    this.y -= 6;
  }
}

/** The height an event needs: its heading line and one line per detail (wrapping aside). */
function eventHeight(event: ChainHistoryEvent, labels: SigningTrailLabels): number {
  return 11 * 1.4 + detailRows(event.detail, labels).length * 9.5 * 1.4 + 6;
}

/**
 * The signing trail as a standalone A4 PDF a person can read and print: the chain's facts, then
 * every event with its UTC time and details, pages numbered "n / m". Fonts are embedded
 * (DejaVu Sans, so Hungarian ő and ű render). Written without object or cross-reference streams,
 * so the signing engine can copy its pages into another PDF's incremental update; the same input
 * gives the same bytes.
 */
export async function renderSigningTrail(input: SigningTrailInput): Promise<Uint8Array> {
  const labels = signingTrailLabels(input.language);
  const { pdf, regular, bold } = await trailDocument();
  pdf.setTitle(`${labels.title}: ${oneLine(input.documentName)}`);
  pdf.setProducer('Signet');
  pdf.setCreator('Signet');
  pdf.setCreationDate(input.generatedAt);
  pdf.setModificationDate(input.generatedAt);

  const writer = new TrailWriter(pdf, regular, bold);
  writer.text(labels.title, { size: 20, bold: true, gap: 10 });
  const facts: [string, string][] = [
    [labels.document, input.documentName],
    [labels.uploadSha256, input.uploadSha256],
    [labels.chain, input.chainId],
    [labels.chainType, labels.chainTypes[input.chainType]],
    [labels.creator, `${oneLine(input.creator.name)} <${oneLine(input.creator.email)}>`],
    [labels.generated, utc(input.generatedAt)],
  ];
  for (const [label, value] of facts) writer.row(label, oneLine(value), 0, 10);
  writer.space(8);
  writer.rule();
  writer.text(labels.events, { size: 13, bold: true, gap: 4 });
  if (input.events.length === 0) writer.text(labels.noEvents, { size: 10 });

  for (const [index, event] of input.events.entries()) {
    if (!writer.room(eventHeight(event, labels))) {
      writer.note(labels.moreEvents(input.events.length - index));
      break;
    }
    writer.text(`${utc(new Date(event.at))}   ${labels.kinds[event.kind]}`, {
      size: 11,
      bold: true,
    });
    for (const [label, value] of detailRows(event.detail, labels))
      writer.row(label, value, 16, 9.5);
    writer.space(6);
  }

  const total = writer.pages.length;
  for (const [index, page] of writer.pages.entries()) {
    const number = `${index + 1} / ${total}`;
    const size = 8.5;
    const y = margin.bottom / 2;
    const footer = `${labels.footer} · ${input.chainId}`;
    writer.draw(page, footer, { x: margin.left, y, size, font: regular, color: grey });
    const width = regular.widthOfTextAtSize(number, size);
    writer.draw(page, number, { x: a4.width - margin.right - width, y, size, font: regular });
  }
  return pdf.save({ useObjectStreams: false });
}
