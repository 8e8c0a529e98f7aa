import { describe, expect, it } from 'vitest';
import { pgbenchLiteral, toScriptLine } from '../bench/scale/floor.js';
import { cursorForPage, cursorIn } from '../bench/scale/scenarios.js';

describe('the SQL floor script (bench/scale/floor.ts)', () => {
  it('writes bind values as untyped literals in place of their positions', () => {
    const line = toScriptLine({
      text: 'SELECT * FROM r WHERE a = $1 AND b = ANY($2::text[]) AND c = $10 LIMIT $3',
      values: ['x', ['draft', 'approved'], 10, 4, 5, 6, 7, 8, 9, true],
      organization: '',
    });
    expect(line).toBe(
      `SELECT * FROM r WHERE a = 'x' AND b = ANY('{"draft","approved"}'::text[]) AND c = 'true' LIMIT '10';`,
    );
  });

  it('hides colons from pgbench, which would take :name for a variable even inside quotes', () => {
    expect(pgbenchLiteral("HH24:MI:SS o'clock")).toBe("E'HH24\\x3aMI\\x3aSS o\\'clock'");
    const line = toScriptLine({
      text: `SELECT to_char(now(), 'HH24:MI') -- a comment: dropped\n  , $1::jsonb`,
      values: [{ comment: null }],
      organization: '',
    });
    expect(line).toBe(`SELECT to_char(now(), E'HH24\\x3aMI') , E'{"comment"\\x3anull}'::jsonb;`);
  });

  it('writes NULL, keeps casts and ends every statement with one semicolon', () => {
    expect(toScriptLine({ text: 'SELECT $1::uuid IS NULL;', values: [null], organization: '' })).toBe(
      'SELECT NULL::uuid IS NULL;',
    );
  });
});

describe('cursor detection (bench/scale/scenarios.ts)', () => {
  it('finds a string field named like a cursor in the pagination, preferring the next one', () => {
    expect(cursorIn({ limit: 10, offset: 0, total: 5 })).toBeNull();
    expect(cursorIn({ limit: 10, prev_cursor: 'p', next_cursor: 'n' })).toBe('n');
    expect(cursorIn({ cursor: 'c', next_cursor: null })).toBe('c');
  });

  it("takes page N's cursor from page N-1 asked by offset, or walks from page 1", async () => {
    const direct = await cursorForPage(
      async (path) => ({ pagination: { next_cursor: path.includes('offset=30') ? 'page5' : 'other' } }),
      'cursor',
      5,
    );
    expect(direct).toMatchObject({ cursor: 'page5', walked: 0 });

    const asked: string[] = [];
    const walked = await cursorForPage(
      async (path) => {
        asked.push(path);
        if (path.includes('offset=30')) return { pagination: {} };
        const at = Number(/cursor=c(\d+)/.exec(path)?.[1] ?? 1);
        return { pagination: { next_cursor: `c${at + 1}` } };
      },
      'cursor',
      5,
    );
    expect(walked).toMatchObject({ cursor: 'c5', walked: 4 });
    expect(asked.at(-1)).toBe('/api/requisitions?limit=10&cursor=c4');
  });
});
