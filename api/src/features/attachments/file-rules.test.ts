import { describe, expect, it } from 'vitest';
import {
  buildCompoundFileBytes,
  buildExeBytes,
  buildJpegBytes,
  buildOoxmlBytes,
  buildPdfBytes,
  buildPngBytes,
} from '../../../test/factories.js';
import { attachmentHandlers, decodeFormDataFileName } from './attachments.handlers.js';
import { contentDisposition } from './attachments.presenter.js';
import { compoundFileRootStreams } from './cfb.js';
import { checkFileType, extensionOf, MAX_FILE_NAME_LENGTH, sanitizeFileName } from './file-rules.js';
import { checkDownloadLink, createDownloadLink, signDownload } from './signed-link.js';

const DOCX = 'application/vnd.openxmlformats-officedocument.wordprocessingml.document';
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe('checkFileType', () => {
  it.each([
    ['quote.pdf', buildPdfBytes(), 'application/pdf'],
    ['QUOTE.PDF', buildPdfBytes(), 'application/pdf'],
    ['photo.png', buildPngBytes(), 'image/png'],
    ['photo.jpg', buildJpegBytes(), 'image/jpeg'],
    ['photo.jpeg', buildJpegBytes(), 'image/jpeg'],
    ['letter.docx', buildOoxmlBytes('docx'), DOCX],
    ['prices.xlsx', buildOoxmlBytes('xlsx'), XLSX],
    ['letter.doc', buildCompoundFileBytes(['WordDocument', '1Table']), 'application/msword'],
    ['prices.xls', buildCompoundFileBytes(['Workbook']), 'application/vnd.ms-excel'],
    ['old-prices.xls', buildCompoundFileBytes(['Book']), 'application/vnd.ms-excel'],
  ])('accepts %s and answers its detected type', async (name, bytes, contentType) => {
    expect(await checkFileType(name, bytes)).toEqual({ ok: true, contentType });
  });

  it.each([
    ['a Windows executable named .pdf', 'setup.pdf', buildExeBytes(), 'PDF'],
    ['a PDF named .png', 'photo.png', buildPdfBytes(), 'PNG'],
    ['a PNG named .jpg', 'photo.jpg', buildPngBytes(), 'JPEG'],
    ['a spreadsheet package named .docx', 'letter.docx', buildOoxmlBytes('xlsx'), 'DOCX'],
    ['a macro-enabled document named .docx', 'letter.docx', buildOoxmlBytes('docm'), 'DOCX'],
    ['an Excel workbook named .doc', 'letter.doc', buildCompoundFileBytes(['Workbook']), 'DOC'],
    [
      'an installer (compound file without document stream) named .doc',
      'x.doc',
      buildCompoundFileBytes(['Foo']),
      'DOC',
    ],
    ['a Word document named .xls', 'prices.xls', buildCompoundFileBytes(['WordDocument']), 'XLS'],
    ['plain text named .pdf', 'notes.pdf', Buffer.from('just some text'), 'PDF'],
  ])('refuses %s as content that does not match', async (_case, name, bytes, label) => {
    expect(await checkFileType(name, bytes)).toEqual({ ok: false, reason: 'content', label });
  });

  it.each([['notes.txt'], ['setup.exe'], ['archive.zip'], ['no-extension'], ['.pdf'], ['trailing.']])(
    'refuses %s by its extension',
    async (name) => {
      expect(await checkFileType(name, buildPdfBytes())).toEqual({ ok: false, reason: 'extension' });
    },
  );
});

describe('compoundFileRootStreams', () => {
  it('lists the streams under the root', () => {
    expect(compoundFileRootStreams(buildCompoundFileBytes(['WordDocument', '1Table', 'Data']))).toEqual(
      new Set(['WordDocument', '1Table', 'Data']),
    );
  });

  it('answers null for a truncated or corrupt file instead of throwing', () => {
    const bytes = buildCompoundFileBytes(['WordDocument']);
    expect(compoundFileRootStreams(bytes.subarray(0, 700))).toBeNull();
    const loop = Buffer.from(bytes);
    loop.writeUInt32LE(1, 512 + 4); // the directory sector points at itself
    expect(compoundFileRootStreams(loop)).toBeNull();
    const badShift = Buffer.from(bytes);
    badShift.writeUInt16LE(20, 0x1e);
    expect(compoundFileRootStreams(badShift)).toBeNull();
    expect(compoundFileRootStreams(buildPdfBytes())).toBeNull();
  });
});

describe('sanitizeFileName', () => {
  it.each([
    ['quote.pdf', 'quote.pdf'],
    ['  spaced name.pdf  ', 'spaced name.pdf'],
    ['C:\\Users\\rita\\Desktop\\quote.pdf', 'quote.pdf'],
    ['../../etc/passwd.pdf', 'passwd.pdf'],
    ['../x"\r\n.pdf', 'x".pdf'],
    ['in\u0000voice\u0007.pdf', 'invoice.pdf'],
    ['invoice\u202Efdp.exe', 'invoicefdp.exe'],
    ['Cafe\u0301.pdf', 'Café.pdf'],
    ['..', 'file'],
    ['', 'file'],
  ])('turns %j into %j', (raw, expected) => {
    expect(sanitizeFileName(raw)).toBe(expected);
  });

  it('caps a long name at 255 characters and keeps its extension', () => {
    const name = sanitizeFileName(`${'ü'.repeat(400)}.xlsx`);
    expect([...name]).toHaveLength(MAX_FILE_NAME_LENGTH);
    expect(name.endsWith('ü.xlsx')).toBe(true);
    expect(extensionOf(name)).toBe('xlsx');
  });
});

describe('decodeFormDataFileName', () => {
  it('undoes only the escapes browsers write in multipart file names', () => {
    expect(decodeFormDataFileName('Quote %22final%22.pdf')).toBe('Quote "final".pdf');
    expect(decodeFormDataFileName('a%0d%0Ab.pdf')).toBe('a\r\nb.pdf');
    expect(decodeFormDataFileName('100%25 sure %20.pdf')).toBe('100%25 sure %20.pdf');
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name (RFC 6266, RFC 5987)', () => {
    expect(contentDisposition('Angebot Müller (final).pdf')).toBe(
      `attachment; filename="Angebot Muller (final).pdf"; filename*=UTF-8''Angebot%20M%C3%BCller%20%28final%29.pdf`,
    );
    expect(contentDisposition('見積書.pdf')).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''%E8%A6%8B%E7%A9%8D%E6%9B%B8.pdf`,
    );
  });

  it('cannot be broken out of by quotes or backslashes', () => {
    expect(contentDisposition('a"b\\c\'d.pdf')).toBe(
      `attachment; filename="a_b_c'd.pdf"; filename*=UTF-8''a%22b%5Cc%27d.pdf`,
    );
  });
});

describe('signed download links', () => {
  const secret = 'a-secret-of-at-least-thirty-two-characters';
  const id = '6F1C2A4E-8B1D-4C55-9E0A-1234567890AB';
  const now = new Date('2026-03-01T10:00:00Z');

  it('links to the download for five minutes', () => {
    const link = createDownloadLink(secret, id, now);
    const url = new URL(link.url, 'http://localhost');
    expect(url.pathname).toBe(`/api/attachments/${id.toLowerCase()}/download`);
    expect(url.searchParams.get('expires')).toBe(String(now.getTime() / 1000 + 300));
    expect(link.expires_at).toBe('2026-03-01T10:05:00.000Z');
    expect(url.searchParams.get('signature')).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });

  it('accepts its own signature until the expiry, for the id in any case', () => {
    const expires = now.getTime() / 1000 + 300;
    const signature = signDownload(secret, id, expires);
    expect(checkDownloadLink(secret, id.toLowerCase(), expires, signature, now)).toBe('valid');
    expect(checkDownloadLink(secret, id, expires, signature, new Date(expires * 1000))).toBe('valid');
    expect(checkDownloadLink(secret, id, expires, signature, new Date(expires * 1000 + 1000))).toBe(
      'expired',
    );
  });

  it('refuses another id, expiry, secret or a tampered signature', () => {
    const expires = now.getTime() / 1000 + 300;
    const signature = signDownload(secret, id, expires);
    const otherId = '6f1c2a4e-8b1d-4c55-9e0a-1234567890ac';
    expect(checkDownloadLink(secret, otherId, expires, signature, now)).toBe('invalid');
    expect(checkDownloadLink(secret, id, expires + 1, signature, now)).toBe('invalid');
    expect(checkDownloadLink(`${secret}x`, id, expires, signature, now)).toBe('invalid');
    const flipped = `${signature.slice(0, -1)}${signature.endsWith('A') ? 'B' : 'A'}`;
    expect(checkDownloadLink(secret, id, expires, flipped, now)).toBe('invalid');
    expect(checkDownloadLink(secret, id, expires, signature.slice(0, 20), now)).toBe('invalid');
    // An expired link with a forged signature is invalid, not merely expired.
    expect(checkDownloadLink(secret, id, 1, 'AAAA', now)).toBe('invalid');
  });
});

describe('upload route options', () => {
  it('takes ten files of 10 MB with room for the multipart framing, streamed to temporary files', () => {
    const payload = attachmentHandlers.uploadAttachments?.route?.payload;
    expect(payload?.multipart).toEqual({ output: 'file' });
    expect(payload?.maxBytes).toBeGreaterThan(10 * 10 * 1024 * 1024);
  });
});
