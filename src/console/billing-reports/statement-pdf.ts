import type PDFDocument from 'pdfkit';
import type { StatementDto } from './schema.js';

/** A column of a table: header, width in points, alignment. */
interface Column {
  readonly header: string;
  readonly width: number;
  readonly align?: 'left' | 'right';
}

const MARGIN = 50;
const ROW = 16;
const FONT = 'Helvetica';
const BOLD = 'Helvetica-Bold';

// pdfkit (with its font and layout libraries) loads with the first statement PDF, not at start-up.
let loadedPdfKit: Promise<typeof PDFDocument> | undefined;

/**
 * Render a statement (the same object the JSON route returns) as an A4 PDF with pdfkit's built-in
 * Helvetica: header, balance summary, credits, usage by project and by model, other debits.
 */
export async function renderStatementPdf(statement: StatementDto, generatedAt: string): Promise<Buffer> {
  const PdfKit = await (loadedPdfKit ??= import('pdfkit').then((module) => module.default));
  const doc = new PdfKit({ size: 'A4', margin: MARGIN, info: { Title: `Statement ${statement.month} - ${statement.org.name}`, Author: 'tf-gateway' } });
  const chunks: Buffer[] = [];
  doc.on('data', (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  drawHeader(doc, statement, generatedAt);
  drawBalances(doc, statement);
  const amount = { width: 95, align: 'right' as const };
  drawTable(doc, 'Credits', [{ header: 'Date', width: 110 }, { header: 'Kind', width: 65 }, { header: 'Reference / note', width: 225 }, { header: 'Amount (USD)', ...amount }],
    statement.credits.map((c) => [c.date.slice(0, 19).replace('T', ' '), c.kind, [c.reference, c.note].filter((t) => t !== null).join(' - '), c.amount_usd]),
    ['Total', '', '', statement.credits_total_usd]);
  const requests = { width: 80, align: 'right' as const };
  drawTable(doc, 'Usage by project', [{ header: 'Project', width: 320 }, { header: 'Requests', ...requests }, { header: 'Cost (USD)', ...amount }],
    statement.usage_by_project.map((u) => [u.project_name === null ? u.project_id : `${u.project_name} (${u.project_id})`, String(u.requests), u.cost_usd]),
    ['Total', '', statement.usage_total_usd]);
  drawTable(doc, 'Usage by model', [{ header: 'Model', width: 320 }, { header: 'Requests', ...requests }, { header: 'Cost (USD)', ...amount }],
    statement.usage_by_model.map((u) => [u.model, String(u.requests), u.cost_usd]),
    ['Total', '', statement.usage_total_usd]);
  if (statement.other_debits.length > 0) {
    drawTable(doc, 'Other debits (expiry, adjustments)', [{ header: 'Date', width: 110 }, { header: 'Kind', width: 65 }, { header: 'Reference / note', width: 225 }, { header: 'Amount (USD)', ...amount }],
      statement.other_debits.map((d) => [d.date.slice(0, 19).replace('T', ' '), d.kind, [d.reference, d.note].filter((t) => t !== null).join(' - '), d.amount_usd]),
      ['Total', '', '', statement.other_debits_total_usd]);
  }
  doc.end();
  return done;
}

function drawHeader(doc: PDFKit.PDFDocument, s: StatementDto, generatedAt: string): void {
  doc.font(BOLD).fontSize(18).text(`Statement ${s.month}`, MARGIN, MARGIN);
  doc.font(FONT).fontSize(10).moveDown(0.3);
  doc.text(winAnsi(`${s.org.name} (${s.org.id})`));
  doc.text(`Period: ${s.from} to ${s.to} (UTC, end exclusive)`);
  doc.text(s.final ? 'Final: the month has ended and all of its usage is settled.' : `Provisional: usage may still settle (generated ${generatedAt}).`);
  doc.moveDown(1);
}

function drawBalances(doc: PDFKit.PDFDocument, s: StatementDto): void {
  const lines: [string, string][] = [
    ['Opening balance', s.opening_balance_usd],
    ['+ Credits', s.credits_total_usd],
    ['- Usage', s.usage_total_usd],
    ['- Other debits', s.other_debits_total_usd],
    ['Closing balance', s.closing_balance_usd],
  ];
  for (const [label, value] of lines) {
    const y = doc.y;
    const strong = label.endsWith('balance');
    doc.font(strong ? BOLD : FONT).fontSize(11);
    doc.text(label, MARGIN, y, { width: 200, lineBreak: false });
    doc.text(`${value} USD`, MARGIN + 200, y, { width: 160, align: 'right', lineBreak: false });
    doc.y = y + ROW;
  }
  doc.moveDown(1);
}

/** A titled table; rows break onto new pages with the header repeated. */
function drawTable(doc: PDFKit.PDFDocument, title: string, columns: readonly Column[], rows: readonly string[][], total: readonly string[]): void {
  ensureRoom(doc, ROW * 4);
  doc.font(BOLD).fontSize(12).text(title, MARGIN, doc.y);
  doc.moveDown(0.3);
  drawRow(doc, columns, columns.map((c) => c.header), BOLD);
  if (rows.length === 0) drawRow(doc, columns, ['None', ...columns.slice(1).map(() => '')], FONT);
  for (const row of rows) {
    if (ensureRoom(doc, ROW)) drawRow(doc, columns, columns.map((c) => c.header), BOLD);
    drawRow(doc, columns, row, FONT);
  }
  ensureRoom(doc, ROW);
  drawRow(doc, columns, total, BOLD);
  doc.moveDown(1);
}

function drawRow(doc: PDFKit.PDFDocument, columns: readonly Column[], cells: readonly string[], font: string): void {
  const y = doc.y;
  let x = MARGIN;
  doc.font(font).fontSize(9);
  columns.forEach((column, i) => {
    doc.text(winAnsi(cells[i] ?? ''), x, y, { width: column.width - 6, align: column.align ?? 'left', lineBreak: false, ellipsis: true, height: ROW });
    x += column.width;
  });
  doc.y = y + ROW;
  doc.x = MARGIN;
}

/** Start a new page when fewer than `height` points are left; true when it did. */
function ensureRoom(doc: PDFKit.PDFDocument, height: number): boolean {
  if (doc.y + height <= doc.page.height - MARGIN) return false;
  doc.addPage();
  return true;
}

// The built-in Helvetica covers only WinAnsi (Latin-1 and a few signs); other characters would print as
// unrelated glyphs, so they become '?'. Names in other scripts need an embedded font (not bundled).
const WIN_ANSI_EXTRAS = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

function winAnsi(text: string): string {
  let out = '';
  for (const ch of text) {
    const code = ch.codePointAt(0)!;
    out += (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRAS.has(ch) ? ch : '?';
  }
  return out;
}
