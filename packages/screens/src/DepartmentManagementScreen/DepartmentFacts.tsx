import type { Schemas } from '@purchasing/api-client';
import { DataList, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { fullName } from '../shared/display';

type Department = Schemas['Department'];

/**
 * A department's head and parent as two items of a `DataList` ('Not assigned' and 'None (top level)'
 * in grey when it has none), for the department's card and its users screen, each with its labels.
 */
export function DepartmentFacts({
  department,
  labels,
  labelWidth,
}: {
  department: Department;
  labels: { head: string; parent: string };
  labelWidth: string;
}): ReactElement {
  return (
    <>
      <DataList.Item>
        <DataList.Label minWidth={labelWidth}>{labels.head}</DataList.Label>
        <DataList.Value>
          {department.department_head ? (
            fullName(department.department_head)
          ) : (
            <Text color="gray">Not assigned</Text>
          )}
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label minWidth={labelWidth}>{labels.parent}</DataList.Label>
        <DataList.Value>
          {department.parent_department ? (
            department.parent_department.name
          ) : (
            <Text color="gray">None (top level)</Text>
          )}
        </DataList.Value>
      </DataList.Item>
    </>
  );
}
