import type { Schemas } from '@purchasing/api-client';
import { Button } from '@purchasing/ui';
import {
  Badge,
  Box,
  Card,
  Code,
  DataList,
  Flex,
  Heading,
  Button as RadixButton,
  Text,
  VisuallyHidden,
} from '@radix-ui/themes';
import { Building2, Pencil, Power, RotateCcw, Users } from 'lucide-react';
import type { ReactElement } from 'react';
import { IconBadge } from '../kit/IconBadge';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';
import { DepartmentFacts } from './DepartmentFacts';

type Department = Schemas['Department'];

/** Props of {@link DepartmentCard}. */
export interface DepartmentCardProps {
  department: Department;
  /** Undefined when the member list is not available. */
  memberCount: number | undefined;
  canManage: boolean;
  reactivating: boolean;
  onEdit(): void;
  onDeactivate(): void;
  onReactivate(): void;
}

/** One department: name, code, status, description, head, parent, members, and its actions. */
export function DepartmentCard({
  department,
  memberCount,
  canManage,
  reactivating,
  onEdit,
  onDeactivate,
  onReactivate,
}: DepartmentCardProps): ReactElement {
  const { navigation } = usePurchasing();
  const usersLink = useLinkProps(navigation.hrefs.departmentUsers(department.id));
  const headingId = `department-${department.id}`;
  const muted = !department.is_active;

  return (
    <Card
      size={{ initial: '2', md: '3' }}
      asChild
      style={{ width: '100%', display: 'flex', flexDirection: 'column' }}
    >
      <article aria-labelledby={headingId} data-active={department.is_active}>
        <Flex gap="3" align="center" minWidth="0">
          <IconBadge
            size={40}
            radius="var(--radius-3)"
            background={muted ? 'var(--gray-a3)' : 'var(--accent-a3)'}
            color={muted ? 'var(--gray-11)' : 'var(--accent-11)'}
          >
            <Building2 size={20} />
          </IconBadge>
          <Box minWidth="0">
            <Heading as="h3" size="4" id={headingId} style={{ overflowWrap: 'break-word' }}>
              {department.name}
            </Heading>
            <Flex align="center" gap="2" mt="1" wrap="wrap">
              <Code size="2" variant="ghost" color="gray" highContrast>
                {department.code}
              </Code>
              <Badge color={department.is_active ? 'green' : 'gray'} variant="soft" highContrast>
                {department.is_active ? 'Active' : 'Inactive'}
              </Badge>
            </Flex>
          </Box>
        </Flex>

        <Text
          as="p"
          size="2"
          color="gray"
          mt="3"
          style={{ fontStyle: department.description ? undefined : 'italic', overflowWrap: 'anywhere' }}
        >
          {department.description || 'No description'}
        </Text>

        <DataList.Root size="2" mt="4" style={{ gap: 'var(--space-2)' }}>
          <DepartmentFacts
            department={department}
            labels={{ head: 'Head', parent: 'Parent' }}
            labelWidth="110px"
          />
          {memberCount === undefined ? null : (
            <DataList.Item>
              <DataList.Label minWidth="110px">Members</DataList.Label>
              <DataList.Value>{memberCount === 1 ? '1 member' : `${memberCount} members`}</DataList.Value>
            </DataList.Item>
          )}
        </DataList.Root>

        {/* The actions sit at the bottom of every card, so the cards of a row line up. */}
        <Box mt="auto" pt="4">
          <Flex
            justify="between"
            align="center"
            gap="2"
            wrap="wrap"
            pt="3"
            style={{ borderTop: '1px solid var(--gray-a5)' }}
          >
            <RadixButton asChild variant="soft" size="1">
              <a {...usersLink}>
                <Users size={14} aria-hidden />
                View Users <VisuallyHidden>of {department.name}</VisuallyHidden>
              </a>
            </RadixButton>
            {canManage ? (
              <Flex gap="1" align="center">
                <RadixButton
                  variant="ghost"
                  size="1"
                  onClick={onEdit}
                  aria-label={`Edit ${department.name}`}
                  mx="1"
                >
                  <Pencil size={14} aria-hidden />
                  Edit
                </RadixButton>
                {department.is_active ? (
                  <RadixButton
                    variant="ghost"
                    color="red"
                    highContrast
                    size="1"
                    mx="1"
                    onClick={onDeactivate}
                    aria-label={`Deactivate ${department.name}`}
                  >
                    <Power size={14} aria-hidden />
                    Deactivate
                  </RadixButton>
                ) : (
                  <Button
                    variant="ghost"
                    size="1"
                    mx="1"
                    loading={reactivating}
                    onClick={onReactivate}
                    aria-label={`Reactivate ${department.name}`}
                  >
                    {reactivating ? null : <RotateCcw size={14} aria-hidden />}
                    Reactivate
                  </Button>
                )}
              </Flex>
            ) : null}
          </Flex>
        </Box>
      </article>
    </Card>
  );
}
