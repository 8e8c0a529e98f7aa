import { describe, expect, it } from 'vitest';
import { cycleRefusal, DEPARTMENT_MESSAGES, departmentCode } from './department-rules.js';

describe('departmentCode', () => {
  it.each([
    ['fin', 'FIN'],
    [' it-ops ', 'IT-OPS'],
    ['Proc_2', 'PROC_2'],
    ['HR', 'HR'],
  ])('stores %j as %j', (raw, stored) => {
    expect(departmentCode(raw)).toBe(stored);
  });
});

describe('cycleRefusal', () => {
  // a ← b ← c: a is the root, c the deepest.
  const [a, b, c, d] = ['aaaaaaaa', 'bbbbbbbb', 'cccccccc', 'dddddddd'];
  it.each([
    ['accepts any parent for a new department', null, a, [a], null],
    ['accepts an unrelated parent', c, d, [d], null],
    ['accepts a parent higher in its own chain', c, a, [a], null],
    ['refuses the department itself', a, a, [a], DEPARTMENT_MESSAGES.ownParent],
    [
      'refuses the department itself whatever the case of its id',
      a,
      a.toUpperCase(),
      [a],
      DEPARTMENT_MESSAGES.ownParent,
    ],
    ['refuses a direct child', a, b, [b, a], DEPARTMENT_MESSAGES.underDescendant],
    ['refuses a descendant through a chain', a, c, [c, b, a], DEPARTMENT_MESSAGES.underDescendant],
  ])('%s', (_name, id, parentId, chain, message) => {
    expect(cycleRefusal(id, parentId, chain)).toBe(message);
  });
});
