/**
 * A report as a pdf (pdfkit): DejaVu Sans embedded, so ā ē ī ō ū and °C print; a header with the
 * title, site, area, range and rules; each table breaking across pages with its header repeated.
 * Landscape A4, since the compliance record is wide.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { inflateSync } from 'node:zlib';
import {
  columnTitle,
  isoInTimeZone,
  type ReportCell,
  type ReportChart,
  type ReportColumn,
  type ReportDocument,
  type ReportTable,
} from '@paddock/domain';
import PDFDocument from 'pdfkit';
import { noPace, slicer, type Pace } from './pace.ts';

const require = createRequire(import.meta.url);
const FONT_FILES = {
  body: '@fontsource/dejavu-sans/files/dejavu-sans-latin-400-normal.woff',
  bold: '@fontsource/dejavu-sans/files/dejavu-sans-latin-700-normal.woff',
};

/**
 * A WOFF 1.0 font unpacked to the TrueType file it wraps. fontkit reads a WOFF's tables by
 * inflating them again on every glyph lookup, which made a season's report take minutes; the
 * unpacked font lays text out some fifty times faster.
 */
export function woffToSfnt(woff: Buffer): Buffer {
  const count = woff.readUInt16BE(12);
  const tables = Array.from({ length: count }, (_, i) => {
    const entry = 44 + i * 20;
    const offset = woff.readUInt32BE(entry + 4);
    const compressed = woff.readUInt32BE(entry + 8);
    const length = woff.readUInt32BE(entry + 12);
    const raw = woff.subarray(offset, offset + compressed);
    return {
      tag: woff.subarray(entry, entry + 4),
      checksum: woff.readUInt32BE(entry + 16),
      data: compressed < length ? inflateSync(raw) : raw,
    };
  });
  let entrySelector = 0;
  while (2 ** (entrySelector + 1) <= count) entrySelector++;
  const searchRange = 2 ** entrySelector * 16;
  const head = Buffer.alloc(12 + 16 * count);
  head.writeUInt32BE(woff.readUInt32BE(4), 0);
  head.writeUInt16BE(count, 4);
  head.writeUInt16BE(searchRange, 6);
  head.writeUInt16BE(entrySelector, 8);
  head.writeUInt16BE(count * 16 - searchRange, 10);
  const parts = [head];
  let offset = head.length;
  tables.forEach((table, i) => {
    const record = 12 + 16 * i;
    table.tag.copy(head, record);
    head.writeUInt32BE(table.checksum, record + 4);
    head.writeUInt32BE(offset, record + 8);
    head.writeUInt32BE(table.data.length, record + 12);
    // Each table starts on a 4-byte boundary.
    const padded = Buffer.alloc((table.data.length + 3) & ~3);
    table.data.copy(padded);
    parts.push(padded);
    offset += padded.length;
  });
  return Buffer.concat(parts);
}

let fonts: { body: Buffer; bold: Buffer } | null = null;
function loadFonts() {
  fonts ??= {
    body: woffToSfnt(readFileSync(require.resolve(FONT_FILES.body))),
    bold: woffToSfnt(readFileSync(require.resolve(FONT_FILES.bold))),
  };
  return fonts;
}

const MARGIN = 28;
const FONT_SIZE = 6.5;
const ROW_PADDING = 2;

/** A time as the site reads it: date and time with the offset, to the minute. */
function localTime(date: Date, timeZone: string): string {
  const iso = isoInTimeZone(date, timeZone);
  return `${iso.slice(0, 10)} ${iso.slice(11, 16)}${iso.slice(19)}`;
}

function cellText(cell: ReportCell, column: ReportColumn, timeZone: string): string {
  if (cell === null) return '';
  if (cell instanceof Date) return localTime(cell, timeZone);
  if (typeof cell === 'number')
    return column.digits === undefined ? String(cell) : cell.toFixed(column.digits);
  return cell;
}

/** Column widths in proportion to their longest text, filling the page's width. */
function widths(table: ReportTable, texts: string[][], pageWidth: number): number[] {
  const longest = table.columns.map((column, i) =>
    Math.min(
      40,
      Math.max(
        6,
        ...columnTitle(column)
          .split(' ')
          .map((word) => word.length),
        ...texts.slice(0, 200).map((row) => (row[i] ?? '').length),
      ),
    ),
  );
  const total = longest.reduce((sum, n) => sum + n, 0);
  return longest.map((n) => (n / total) * pageWidth);
}

const CHART_HEIGHT = 150;
const CHART_COLOURS = ['#1f6fb2', '#c0392b', '#27ae60', '#8e44ad'];

/** A tidy step for an axis of `span`: 1, 2 or 5 times a power of ten, about `ticks` of them. */
function niceStep(span: number, ticks: number): number {
  const raw = span / ticks;
  const power = 10 ** Math.floor(Math.log10(raw || 1));
  const scaled = raw / power;
  return (scaled <= 1 ? 1 : scaled <= 2 ? 2 : scaled <= 5 ? 5 : 10) * power;
}

/**
 * The report's main series as a line chart in vector lines (pdfkit paths): axes with ticks, the
 * value axis labelled in the series' unit, the time axis in site-local dates.
 */
function drawChart(pdf: PDFKit.PDFDocument, chart: ReportChart, timeZone: string, width: number) {
  const points = chart.lines.flatMap((line) => line.points);
  if (points.length === 0) return;
  if (pdf.y + CHART_HEIGHT + 40 > pdf.page.height - MARGIN) pdf.addPage();
  pdf.font('bold').fontSize(10).text(`${chart.title} (${chart.unit})`, MARGIN, pdf.y);
  if (chart.lines.length > 1) {
    // A key when there are several lines: each label in its line's colour.
    pdf.font('body').fontSize(FONT_SIZE);
    let keyX = MARGIN;
    const keyY = pdf.y + 2;
    chart.lines.forEach((line, index) => {
      pdf.fillColor(CHART_COLOURS[index % CHART_COLOURS.length] ?? 'black');
      pdf.text(line.label, keyX, keyY, { lineBreak: false });
      keyX += pdf.widthOfString(line.label) + 14;
    });
    pdf.fillColor('black');
    pdf.x = MARGIN;
    pdf.y = keyY + pdf.currentLineHeight(true);
  }
  const left = MARGIN + 40;
  const top = pdf.y + 8;
  const plotWidth = width - 40;
  const times = points.map(([t]) => t);
  const values = points.map(([, v]) => v);
  const t0 = Math.min(...times);
  const t1 = Math.max(...times, t0 + 1);
  let v0 = Math.min(0, ...values);
  let v1 = Math.max(...values);
  if (v1 <= v0) v1 = v0 + 1;
  const step = niceStep(v1 - v0, 5);
  v0 = Math.floor(v0 / step) * step;
  v1 = Math.ceil(v1 / step) * step;
  const x = (t: number) => left + ((t - t0) / (t1 - t0)) * plotWidth;
  const y = (v: number) => top + CHART_HEIGHT - ((v - v0) / (v1 - v0)) * CHART_HEIGHT;

  pdf.lineWidth(0.5).strokeColor('#888888');
  pdf
    .moveTo(left, top)
    .lineTo(left, top + CHART_HEIGHT)
    .lineTo(left + plotWidth, top + CHART_HEIGHT)
    .stroke();
  pdf.font('body').fontSize(FONT_SIZE).fillColor('black');
  for (let v = v0; v <= v1 + step / 2; v += step) {
    pdf
      .moveTo(left - 3, y(v))
      .lineTo(left, y(v))
      .stroke();
    pdf.text(`${Number(v.toPrecision(6))}`, MARGIN, y(v) - 3, {
      width: 36,
      align: 'right',
      lineBreak: false,
    });
  }
  // A chart of a night or two reads by the clock; a longer one by the day.
  const tickText = (t: number) => {
    const iso = isoInTimeZone(new Date(t), timeZone);
    return t1 - t0 <= 2 * 86_400_000
      ? `${iso.slice(5, 10)} ${iso.slice(11, 16)}`
      : iso.slice(0, 10);
  };
  for (let i = 0; i <= 6; i++) {
    const t = t0 + ((t1 - t0) * i) / 6;
    pdf
      .moveTo(x(t), top + CHART_HEIGHT)
      .lineTo(x(t), top + CHART_HEIGHT + 3)
      .stroke();
    pdf.text(tickText(t), x(t) - 20, top + CHART_HEIGHT + 5, {
      width: 40,
      align: 'center',
      lineBreak: false,
    });
  }
  chart.lines.forEach((line, index) => {
    const [first, ...rest] = line.points;
    if (!first) return;
    pdf.lineWidth(1).strokeColor(CHART_COLOURS[index % CHART_COLOURS.length] ?? 'black');
    pdf.moveTo(x(first[0]), y(first[1]));
    for (const [t, v] of rest) pdf.lineTo(x(t), y(v));
    pdf.stroke();
  });
  pdf.strokeColor('black').fillColor('black');
  pdf.x = MARGIN;
  pdf.y = top + CHART_HEIGHT + 20;
}

/** The report as a pdf; a long table yields through `pace` between slices of its rows. */
export async function renderPdf(document: ReportDocument, pace: Pace = noPace): Promise<Buffer> {
  const pdf = new PDFDocument({
    size: 'A4',
    layout: 'landscape',
    margin: MARGIN,
    info: { Title: `${document.title}: ${document.site}, ${document.area}`, Producer: 'Paddock' },
  });
  const chunks: Buffer[] = [];
  pdf.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    pdf.on('end', () => resolve(Buffer.concat(chunks)));
    pdf.on('error', reject);
  });
  const slice = slicer(pace);
  const { body, bold } = loadFonts();
  pdf.registerFont('body', body);
  pdf.registerFont('bold', bold);
  const pageWidth = pdf.page.width - 2 * MARGIN;
  const bottom = () => pdf.page.height - MARGIN;

  pdf.font('bold').fontSize(14).text(`${document.title} — ${document.site}, ${document.area}`);
  pdf
    .font('body')
    .fontSize(9)
    .text(
      `${localTime(document.from, document.timeZone)} to ${localTime(document.to, document.timeZone)}`,
    );
  for (const note of document.notes) pdf.text(note);
  pdf.moveDown(0.5);
  if (document.chart) drawChart(pdf, document.chart, document.timeZone, pageWidth);

  for (const table of document.tables) {
    const texts = table.rows.map((row) =>
      row.map((cell, i) => cellText(cell, table.columns[i] as ReportColumn, document.timeZone)),
    );
    const columnWidths = widths(table, texts, pageWidth);
    const lineHeight = pdf.font('body').fontSize(FONT_SIZE).currentLineHeight(true);
    /** Whether the text fits its column on one line: most cells do, and skip line wrapping. */
    const fits = (text: string, i: number) =>
      pdf.widthOfString(text) <= (columnWidths[i] ?? 10) - 2;
    const rowHeight = (cells: string[], font: string) => {
      pdf.font(font).fontSize(FONT_SIZE);
      let height = lineHeight;
      cells.forEach((text, i) => {
        if (!fits(text, i)) {
          height = Math.max(
            height,
            pdf.heightOfString(text, { width: (columnWidths[i] ?? 10) - 2 }),
          );
        }
      });
      return height + 2 * ROW_PADDING;
    };
    const drawRow = (cells: string[], font: string, shade: boolean) => {
      const height = rowHeight(cells, font);
      const y = pdf.y;
      if (shade) pdf.rect(MARGIN, y, pageWidth, height).fill('#e8eef3').fillColor('black');
      let x = MARGIN;
      pdf.font(font).fontSize(FONT_SIZE);
      cells.forEach((text, i) => {
        const width = columnWidths[i] ?? 10;
        if (text === '') {
          // Nothing to draw.
        } else if (fits(text, i)) {
          pdf.text(text, x + 1, y + ROW_PADDING, { lineBreak: false });
        } else {
          pdf.text(text, x + 1, y + ROW_PADDING, { width: width - 2 });
        }
        x += width;
      });
      pdf.y = y + height;
      pdf.x = MARGIN;
    };
    const headers = table.columns.map(columnTitle);
    const drawHeader = () => drawRow(headers, 'bold', true);

    if (pdf.y + 40 > bottom()) pdf.addPage();
    pdf.font('bold').fontSize(10).text(table.name, MARGIN, pdf.y);
    pdf.moveDown(0.2);
    drawHeader();
    if (texts.length === 0) {
      pdf
        .font('body')
        .fontSize(FONT_SIZE)
        .text('None in this range', MARGIN, pdf.y + ROW_PADDING);
    }
    for (const cells of texts) {
      await slice();
      if (pdf.y + rowHeight(cells, 'body') > bottom()) {
        pdf.addPage();
        drawHeader();
      }
      drawRow(cells, 'body', false);
    }
    pdf.moveDown(1);
  }
  pdf.end();
  return done;
}
