/** Pieces the Create User and Edit User screens (and the user list) share. */
import type { Schemas } from '@purchasing/api-client';
import { RoleBadge } from '@purchasing/ui';
import { Avatar, Badge, Box, Flex, Text } from '@radix-ui/themes';
import { ShieldCheck, User } from 'lucide-react';
import type { ReactElement } from 'react';
import { initialsOf } from './userChoices';

/** A round avatar with the person's initials (the picture when `avatar_url` is set). */
export function UserAvatar({
  person,
  size = '3',
}: {
  person: { first_name: string; last_name: string; email?: string; avatar_url?: string | null };
  size?: '2' | '3' | '5';
}): ReactElement {
  return (
    <Avatar
      size={size}
      radius="full"
      variant="soft"
      highContrast
      src={person.avatar_url ?? undefined}
      // Someone without a name or email yet (the new-user preview) shows a plain silhouette.
      fallback={initialsOf(person) || <User size={size === '5' ? 28 : 16} />}
      // The name is always written beside the avatar, so the picture adds nothing for a screen reader.
      aria-hidden
    />
  );
}

/** 'Active' in green, 'Inactive' in gray, or 'Pending' in amber (added, not yet accepted). */
export function MemberStatusBadge({
  active,
  pending = false,
}: {
  active: boolean;
  pending?: boolean;
}): ReactElement {
  if (pending) {
    // An existing account added to the organisation that has not accepted the emailed link yet.
    return (
      <Badge color="amber" variant="soft" highContrast title="Invitation sent, not accepted yet">
        Pending
      </Badge>
    );
  }
  return (
    <Badge color={active ? 'green' : 'gray'} variant="soft" highContrast>
      {active ? 'Active' : 'Inactive'}
    </Badge>
  );
}

/** The 'System Role' flag of a default role. */
export function SystemRoleBadge(): ReactElement {
  return (
    <Badge color="gray" variant="outline" highContrast>
      <ShieldCheck size={12} aria-hidden />
      System Role
    </Badge>
  );
}

/**
 * The role details box under the role choice (document 2 §2 "Create User"): the role's badge, a System
 * Role badge for default roles, its description and what it allows.
 */
export function RoleDetails({
  role,
}: {
  role: Pick<Schemas['Role'], 'name' | 'description' | 'is_system' | 'permissions'>;
}): ReactElement {
  return (
    <Box
      p="3"
      aria-label={`Role details: ${role.name}`}
      role="group"
      style={{
        background: 'var(--gray-a2)',
        border: '1px solid var(--gray-a5)',
        borderRadius: 'var(--radius-3)',
      }}
    >
      <Flex gap="2" align="center" wrap="wrap">
        <RoleBadge roleName={role.name} />
        {role.is_system ? <SystemRoleBadge /> : null}
      </Flex>
      {role.description ? (
        <Text as="p" size="2" mt="2">
          {role.description}
        </Text>
      ) : null}
      <Text as="p" size="1" color="gray" mt="2">
        {role.permissions.length === 0
          ? 'No permissions'
          : `${role.permissions.length} ${role.permissions.length === 1 ? 'permission' : 'permissions'}:`}
      </Text>
      {role.permissions.length === 0 ? null : (
        // What each permission allows, in words (the roles screen's labels), never its key.
        <ul
          style={{
            margin: '4px 0 0',
            paddingInlineStart: 18,
            fontSize: 'var(--font-size-1)',
            color: 'var(--gray-11)',
          }}
        >
          {role.permissions.map((permission) => (
            <li key={permission.name}>{permission.description ?? permission.name}</li>
          ))}
        </ul>
      )}
    </Box>
  );
}
