/**
 * Pure rules of departments: the stored form of a code and whether a parent would make the
 * hierarchy circular. The service reads the facts (under the organisation's department lock).
 */

export const DEPARTMENT_MESSAGES = {
  notFound: 'Department not found.',
  ownParent: 'A department cannot be its own parent',
  underDescendant: 'A department cannot be placed under one of its own sub-departments',
  head: 'The department head must be an active member of this organization',
  parent: 'The parent department must be an active department of this organization',
} as const;

/** The code as stored: without surrounding spaces, in upper case ('fin ' → 'FIN'). */
export function departmentCode(raw: string): string {
  return raw.trim().toUpperCase();
}

/** The message for a code another department of the organisation already has. */
export const duplicateCodeMessage = (code: string) => `A department with the code "${code}" already exists`;

/**
 * Why `parentId` cannot be the parent of department `id` (null for a new department), given the
 * chain from the proposed parent up to its root (`parentChain[0]` is the parent itself): it would
 * make the department its own ancestor. Null when the parent is acceptable.
 */
export function cycleRefusal(
  id: string | null,
  parentId: string,
  parentChain: readonly string[],
): string | null {
  if (id === null) return null;
  const same = (a: string) => a.toLowerCase() === id.toLowerCase();
  if (same(parentId)) return DEPARTMENT_MESSAGES.ownParent;
  if (parentChain.some(same)) return DEPARTMENT_MESSAGES.underDescendant;
  return null;
}
