import { describe, expect, it } from 'vitest';
import { pdfFonts, pdfRuns, textInFont } from '../../../test/pdf-inspect.js';
import type { HistoryExportRow } from './history-chain.js';
import { historyPdf } from './history-export.js';

function row(sequence: number, actor_name: string | null, comment: string | null): HistoryExportRow {
  return {
    organization_id: '00000000-0000-4000-8000-000000000001',
    sequence,
    prev_hash: '0'.repeat(64),
    entry_hash: 'a'.repeat(64),
    audit_log_id: '00000000-0000-4000-8000-000000000002',
    requisition_id: '00000000-0000-4000-8000-000000000003',
    action: 'submitted',
    actor_id: '00000000-0000-4000-8000-000000000004',
    from_status: 'draft',
    to_status: 'pending',
    comment,
    at: '2026-11-21T10:00:00.000000Z',
    actor_name,
  };
}

describe('historyPdf', () => {
  it('draws actors and comments in any script, each in its font', async () => {
    const pdf = await historyPdf({
      requisitionNumber: 'REQ-2026-00001',
      rows: [row(1, 'Иван Петров', 'Ένα σχόλιο'), row(2, '王小明', null), row(3, 'محمد علي', 'Approved')],
      verification: { intact: true, checked: 3 },
      exportedAt: new Date('2026-11-27T10:00:00Z'),
    });
    expect(pdfFonts(pdf)).toEqual([
      'Courier',
      'NotoSans-Bold',
      'NotoSans-Regular',
      'NotoSansArabic-Regular',
      'NotoSansSC-Regular',
    ]);
    const latin = textInFont(pdf, 'NotoSans-Regular');
    expect(latin).toContain('by Иван Петров');
    expect(latin).toContain('Comment: Ένα σχόλιο');
    expect(textInFont(pdf, 'NotoSansSC-Regular')).toBe('王小明');
    expect(textInFont(pdf, 'NotoSansArabic-Regular')).toBe('محمد علي');
    expect(pdfRuns(pdf).some((run) => run.text.includes('History of REQ-2026-00001'))).toBe(true);
  });
});
