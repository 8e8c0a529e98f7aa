import { adminKeys, type Schemas, unwrap, userQueries } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';
import { useSession } from '../SessionProvider';
import { memberCounts } from './departmentChoices';
import { departmentManagementMessages } from './departmentManagementMessages';

type Department = Schemas['Department'];

/**
 * What Department Management needs beside its list (which the list kit loads): whether the user may
 * manage departments, the organisation's members (the head choices and the member counts), and
 * Deactivate (`DELETE`) and Reactivate (`PUT` with `is_active`).
 */
export function useDepartmentManagement(organizationId: string) {
  const { client } = usePurchasing();
  const { hasPermission } = useSession();
  const queryClient = useQueryClient();
  // The member list feeds the head choices and the member counts; without `user.edit` it is not
  // available, and a failed load leaves both empty (document 2 §7: such lists silently become empty).
  const members = useQuery({
    ...userQueries.list(client, organizationId),
    enabled: hasPermission('user.edit'),
  });
  const counts = useMemo(() => (members.data ? memberCounts(members.data.users) : null), [members.data]);

  const header = { 'X-Organization-Id': organizationId };
  const refresh = () => queryClient.invalidateQueries({ queryKey: adminKeys.all(organizationId) });

  const deactivate = useMutation({
    mutationFn: (department: Department) =>
      unwrap(client.api.DELETE('/departments/{id}', { params: { path: { id: department.id }, header } })),
    onSuccess: () => toast.success(departmentManagementMessages.deactivated),
    onError: (error) => toast.error(serverMessage(error) ?? departmentManagementMessages.deactivateFailed),
    onSettled: refresh,
  });

  const reactivate = useMutation({
    // PUT replaces the editable fields, so the department's own values go back with `is_active`.
    mutationFn: (department: Department) =>
      unwrap(
        client.api.PUT('/departments/{id}', {
          params: { path: { id: department.id }, header },
          body: {
            name: department.name,
            code: department.code,
            description: department.description,
            department_head_id: department.department_head?.id ?? null,
            parent_department_id: department.parent_department?.id ?? null,
            is_active: true,
          },
        }),
      ),
    onSuccess: () => toast.success(departmentManagementMessages.reactivated),
    onError: (error) => toast.error(serverMessage(error) ?? departmentManagementMessages.reactivateFailed),
    onSettled: refresh,
  });

  return {
    canManage: hasPermission('org.settings'),
    users: members.data?.users ?? [],
    counts,
    deactivate,
    reactivate,
  };
}
