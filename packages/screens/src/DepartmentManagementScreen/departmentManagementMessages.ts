import type { Schemas } from '@purchasing/api-client';

type Department = Schemas['Department'];

/** Product copy of Department Management (document 2 §2 and §8, and the screen's own wording). */
export const departmentManagementMessages = {
  title: 'Department Management',
  noOrganization: 'Please select an organization from the header to manage departments',
  loadFailed: 'Failed to load departments. Please try again.',
  empty: 'No departments found',
  deactivateFailed: 'Failed to deactivate department',
  deactivated: 'Department deactivated successfully',
  reactivateFailed: 'Failed to update department',
  reactivated: 'Department reactivated successfully',
  deactivateTitle: 'Deactivate Department',
  deactivateConfirm: (department: Pick<Department, 'name' | 'code'>) =>
    `Deactivate ${department.name} (${department.code})? It stays listed as inactive and its members keep it. You can reactivate it later.`,
} as const;
