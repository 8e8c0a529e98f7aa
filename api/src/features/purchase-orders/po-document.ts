import PDFDocument from 'pdfkit';
import { drawText, heightOfText, isJapanese } from '../../lib/pdf-fonts.js';
import type { PurchaseOrderView } from './purchase-orders.presenter.js';

/** The buyer's side of the document: the organisation placing the order. */
export interface Buyer {
  name: string;
  address: string | null;
  phone: string | null;
  website?: string | null;
}

/** What the printed order shows: the order as the API presents it, the buyer, and when it is sent. */
export interface PurchaseOrderDocumentInput {
  order: PurchaseOrderView;
  buyer: Buyer;
  sentAt: Date;
}

/** The labels of payment terms as people read them (document 2 §5: COD is shown as Cash on Delivery). */
const PAYMENT_TERMS_LABELS: Record<string, string> = { COD: 'Cash on Delivery' };

/** Amounts read as on the screens: `Intl.NumberFormat` in the order's currency (DECISIONS §9), en-AU. */
export function formatMoney(amount: number, currency: string): string {
  return new Intl.NumberFormat('en-AU', { style: 'currency', currency }).format(amount);
}

/** A calendar date (`YYYY-MM-DD`) or an instant as '14 Nov 2026', never shifted by a time zone. */
export function formatDay(value: string | Date | null): string {
  if (value === null) return '—';
  const day = typeof value === 'string' ? new Date(`${value.slice(0, 10)}T00:00:00Z`) : value;
  return new Intl.DateTimeFormat('en-AU', {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(day);
}

/**
 * Text as drawn: NFC, tabs and carriage returns as spaces, other control characters dropped. Any
 * script stays (lib/pdf-fonts.ts has a font for each living script and for symbols).
 */
export function pdfText(value: string): string {
  return value
    .normalize('NFC')
    .replace(/\r\n?/g, '\n')
    .replace(/\t/g, ' ')
    .replace(/(?!\n)\p{Cc}/gu, '');
}

/**
 * Whether a block of fields (a vendor, the buyer) is Japanese: one of its fields holds kana, or its
 * country is Japan. Its kanji are then drawn in Japanese forms even in fields without kana (a company
 * name such as 山田商事株式会社, an address such as 東京都港区芝公園4-2-8).
 */
export function japaneseBlock(fields: (string | null | undefined)[], country: string | null): boolean {
  if (country && /^(jp|jpn|japan|日本国?|ニッポン|ニホン)$/i.test(country.trim())) return true;
  return fields.some((field) => !!field && isJapanese(field));
}

const PAGE_MARGIN = 50;
const GREY = '#555555';
const RULE = '#cccccc';

/** The line table: column x positions and widths on an A4 page with 50 pt margins (495 pt wide). */
const COLUMNS = [
  { key: 'index', label: '#', x: 50, width: 20, align: 'left' },
  { key: 'description', label: 'Description', x: 72, width: 193, align: 'left' },
  { key: 'quantity', label: 'Qty', x: 267, width: 35, align: 'right' },
  { key: 'unit', label: 'Unit', x: 306, width: 40, align: 'left' },
  { key: 'unit_price', label: 'Unit price', x: 348, width: 65, align: 'right' },
  { key: 'tax', label: 'Tax', x: 415, width: 55, align: 'right' },
  { key: 'total', label: 'Total', x: 472, width: 73, align: 'right' },
] as const;

type ColumnKey = (typeof COLUMNS)[number]['key'];

/**
 * Renders the order as a one-or-more page A4 PDF for the vendor: number, dates, buyer, vendor,
 * delivery and billing addresses, every line (with SKU and unit), subtotal, tax and total in the
 * order's currency, payment terms and notes.
 */
export function renderPurchaseOrderPdf(input: PurchaseOrderDocumentInput): Promise<Buffer> {
  const { order, buyer, sentAt } = input;
  const doc = new PDFDocument({
    size: 'A4',
    margin: PAGE_MARGIN,
    // Pages stay in memory until the end, so each can say "page n of N".
    bufferPages: true,
    info: {
      Title: pdfText(`Purchase order ${order.po_number}`),
      Author: pdfText(buyer.name),
      Subject: pdfText(`Purchase order ${order.po_number} from ${buyer.name}`),
    },
  });
  const chunks: Buffer[] = [];
  const finished = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const money = (amount: number) => formatMoney(amount, order.currency);
  const bottom = () => doc.page.height - PAGE_MARGIN;
  const text = (value: string) => pdfText(value);
  const paymentTerms = PAYMENT_TERMS_LABELS[order.payment_terms] ?? order.payment_terms;

  // Header: the buyer (the organisation placing the order) on the left, title and number on the right.
  // A name or address block is Japanese as a whole when any of its fields is (see `japaneseBlock`).
  const buyerLines = [buyer.address, buyer.phone, buyer.website];
  const buyerJapanese = japaneseBlock([buyer.name, ...buyerLines], null);
  doc.fontSize(16).fillColor('black');
  drawText(doc, text(buyer.name), 'bold', PAGE_MARGIN, PAGE_MARGIN, { width: 280, japanese: buyerJapanese });
  doc.fontSize(9).fillColor(GREY);
  for (const line of buyerLines.filter((v): v is string => !!v?.trim())) {
    drawText(doc, text(line), 'regular', PAGE_MARGIN, doc.y, { width: 280, japanese: buyerJapanese });
  }
  const headerBottom = doc.y;
  doc.fontSize(20).fillColor('black');
  drawText(doc, 'PURCHASE ORDER', 'bold', 330, PAGE_MARGIN, { width: 215, align: 'right' });
  doc.fontSize(12);
  drawText(doc, text(order.po_number), 'bold', 330, doc.y + 2, { width: 215, align: 'right' });

  // Facts of the order, as label/value pairs on the right.
  const facts: [string, string][] = [
    ['Order date', formatDay(order.created_at)],
    ['Date sent', formatDay(sentAt)],
    ['Delivery date', formatDay(order.delivery_date)],
    ['Payment terms', paymentTerms],
    ['Currency', order.currency],
  ];
  if (order.requisition) facts.push(['Requisition', order.requisition.requisition_number]);
  let factY = doc.y + 8;
  doc.fontSize(9);
  for (const [label, value] of facts) {
    doc.fillColor(GREY);
    drawText(doc, label, 'regular', 330, factY, { width: 95 });
    doc.fillColor('black');
    drawText(doc, text(value), 'bold', 425, factY, { width: 120, align: 'right' });
    factY += 14;
  }

  // Vendor, ship-to and bill-to blocks side by side.
  const blocksTop = Math.max(headerBottom, factY) + 20;
  const vendor = order.vendor;
  const vendorLines = vendor
    ? [
        vendor.name,
        vendor.address,
        [vendor.city, vendor.state_province, vendor.postal_code].filter(Boolean).join(' '),
        vendor.country,
        vendor.email,
        vendor.phone,
      ]
    : ['No vendor'];
  const blocks: [string, (string | null | undefined)[]][] = [
    ['Vendor', vendorLines],
    ['Ship to', [order.shipping_address ?? '—']],
    ['Bill to', [order.billing_address ?? '—']],
  ];
  let blocksBottom = blocksTop;
  blocks.forEach(([title, lines], index) => {
    const x = PAGE_MARGIN + index * 168;
    const japanese = japaneseBlock(lines, index === 0 ? (vendor?.country ?? null) : null);
    doc.fontSize(10).fillColor('black');
    drawText(doc, title.toUpperCase(), 'bold', x, blocksTop, { width: 158 });
    doc.fontSize(9);
    for (const line of lines.filter((v): v is string => !!v?.trim())) {
      drawText(doc, text(line), 'regular', x, doc.y + 1, { width: 158, japanese });
    }
    blocksBottom = Math.max(blocksBottom, doc.y);
  });

  // Lines.
  const drawTableHeader = (y: number): number => {
    doc.fontSize(9).fillColor('black');
    for (const column of COLUMNS) {
      drawText(doc, column.label, 'bold', column.x, y, { width: column.width, align: column.align });
    }
    const ruleY = y + 14;
    doc.moveTo(PAGE_MARGIN, ruleY).lineTo(545, ruleY).strokeColor(RULE).lineWidth(0.8).stroke();
    return ruleY + 5;
  };
  let y = drawTableHeader(blocksBottom + 24);
  order.po_line_items.forEach((line, index) => {
    const cells: Record<ColumnKey, string> = {
      index: String(index + 1),
      description: text(
        line.product?.sku ? `${line.description}\nSKU ${line.product.sku}` : line.description,
      ),
      quantity: String(line.quantity),
      unit: line.unit_of_measure,
      unit_price: money(line.unit_price),
      tax: money(line.tax_amount),
      total: money(line.total_amount),
    };
    doc.fontSize(9);
    const height = Math.max(
      ...COLUMNS.map((column) => heightOfText(doc, cells[column.key], 'regular', { width: column.width })),
    );
    if (y + height > bottom() - 20) {
      doc.addPage();
      y = drawTableHeader(PAGE_MARGIN);
    }
    doc.fontSize(9).fillColor('black');
    for (const column of COLUMNS) {
      drawText(doc, cells[column.key], 'regular', column.x, y, {
        width: column.width,
        align: column.align,
      });
    }
    y += height + 6;
    doc
      .moveTo(PAGE_MARGIN, y - 3)
      .lineTo(545, y - 3)
      .strokeColor(RULE)
      .lineWidth(0.4)
      .stroke();
  });

  // Totals: subtotal before tax, tax, and the order's total.
  const totals: [string, string, boolean][] = [
    ['Subtotal', money(order.subtotal_amount), false],
    ['Tax', money(order.tax_amount), false],
    ['Total', money(order.total_amount), true],
  ];
  if (y + totals.length * 16 + 10 > bottom()) {
    doc.addPage();
    y = PAGE_MARGIN;
  }
  y += 6;
  for (const [label, value, strong] of totals) {
    const weight = strong ? 'bold' : 'regular';
    doc.fontSize(strong ? 11 : 9).fillColor('black');
    drawText(doc, label, weight, 348, y, { width: 100, align: 'right' });
    drawText(doc, value, weight, 450, y, { width: 95, align: 'right' });
    y += strong ? 18 : 14;
  }

  // Notes and the terms: payment, and the number to quote.
  const closing = [
    ...(order.notes?.trim() ? [['Notes', order.notes] as const] : []),
    [
      'Terms',
      `Payment terms: ${paymentTerms}. Quote ${order.po_number} on every invoice, delivery note and message about this order.`,
    ] as const,
  ];
  y += 12;
  for (const [title, body] of closing) {
    doc.fontSize(9);
    const needed = 16 + heightOfText(doc, text(body), 'regular', { width: 495 });
    if (y + needed > bottom()) {
      doc.addPage();
      y = PAGE_MARGIN;
    }
    doc.fontSize(10).fillColor('black');
    drawText(doc, title, 'bold', PAGE_MARGIN, y, { width: 495 });
    doc.fontSize(9).fillColor(GREY);
    drawText(doc, text(body), 'regular', PAGE_MARGIN, doc.y + 2, { width: 495 });
    y = doc.y + 12;
  }

  const range = doc.bufferedPageRange();
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Writing inside the bottom margin must not start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    doc.fontSize(8).fillColor(GREY);
    drawText(
      doc,
      text(`${order.po_number} · page ${index - range.start + 1} of ${range.count}`),
      'regular',
      PAGE_MARGIN,
      doc.page.height - PAGE_MARGIN + 16,
      { width: 495, align: 'center', lineBreak: false },
    );
    doc.page.margins = margins;
  }

  doc.end();
  return finished;
}
