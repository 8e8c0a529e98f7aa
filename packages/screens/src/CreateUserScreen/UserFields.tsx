/** The fields the Create User and Edit User forms share: names, phone, role, department and manager. */
import type { SelectOption } from '@purchasing/ui';
import type { ReactElement } from 'react';
import type { Control } from 'react-hook-form';
import { FormSelect, FormTextField } from '../kit/form/FormFields';
import type { EditUserFormValues } from './userFormSchema';

/** What both user forms hold for these fields ('' for an empty optional one). */
export type UserProfileValues = Pick<
  EditUserFormValues,
  'first_name' | 'last_name' | 'phone' | 'role_id' | 'department_id' | 'manager_id'
>;

interface FieldsProps<T extends UserProfileValues> {
  /** The form's control; the form may hold more fields than these. */
  control: Control<T>;
  /** Disables the fields while the form saves. */
  busy: boolean;
}

// The fields are read by name only; any form whose values include UserProfileValues fits.
const asProfile = <T extends UserProfileValues>(control: Control<T>) =>
  control as unknown as Control<UserProfileValues>;

/** First Name and Last Name, required (two grid cells). */
export function NameFields<T extends UserProfileValues>({ control, busy }: FieldsProps<T>): ReactElement {
  return (
    <>
      {(['first_name', 'last_name'] as const).map((name) => (
        <FormTextField
          key={name}
          control={asProfile(control)}
          name={name}
          label={name === 'first_name' ? 'First Name' : 'Last Name'}
          required
          autoComplete="off"
          maxLength={100}
          disabled={busy}
        />
      ))}
    </>
  );
}

/** Phone, optional (one grid cell). */
export function PhoneField<T extends UserProfileValues>({ control, busy }: FieldsProps<T>): ReactElement {
  return (
    <FormTextField
      control={asProfile(control)}
      name="phone"
      label="Phone"
      type="tel"
      autoComplete="off"
      maxLength={50}
      disabled={busy}
      hint="Optional"
    />
  );
}

/** Props of {@link RoleAssignmentFields}. */
export interface RoleAssignmentFieldsProps<T extends UserProfileValues> extends FieldsProps<T> {
  roleOptions: SelectOption[];
  departmentOptions: SelectOption[];
  managerOptions: SelectOption[];
  /** Which of the three lists are still loading. */
  loading: { roles: boolean; departments: boolean; users: boolean };
}

/** Role (required), Department and Manager (optional) selects (three grid cells). */
export function RoleAssignmentFields<T extends UserProfileValues>({
  control,
  busy,
  roleOptions,
  departmentOptions,
  managerOptions,
  loading,
}: RoleAssignmentFieldsProps<T>): ReactElement {
  const profile = asProfile(control);
  return (
    <>
      <FormSelect
        control={profile}
        name="role_id"
        label="Role"
        required
        clearable={false}
        options={roleOptions}
        placeholder={loading.roles ? 'Loading...' : 'Select a role'}
        searchPlaceholder="Search roles..."
        touchOnChange
        disabled={busy}
      />
      <FormSelect
        control={profile}
        name="department_id"
        label="Department"
        options={departmentOptions}
        placeholder={loading.departments ? 'Loading...' : 'No department'}
        searchPlaceholder="Search departments..."
        disabled={busy}
        hint="Optional"
      />
      <FormSelect
        control={profile}
        name="manager_id"
        label="Manager"
        options={managerOptions}
        placeholder={loading.users ? 'Loading...' : 'No manager'}
        searchPlaceholder="Search managers..."
        disabled={busy}
        hint="Optional · approves the user's requisitions first"
      />
    </>
  );
}
