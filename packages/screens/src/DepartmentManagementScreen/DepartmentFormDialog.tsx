import { adminKeys, type Schemas, unwrap } from '@purchasing/api-client';
import { Callout, SelectDropdown, TextArea, TextField } from '@purchasing/ui';
import { Flex, Grid } from '@radix-ui/themes';
import { type ChangeEvent, type FormEvent, type ReactElement, useMemo, useState } from 'react';
import { dialogTitle, dialogToasts } from '../kit/form/dialogWords';
import { FormDialog, FormDialogButtons, type FormDialogControls } from '../kit/form/FormDialog';
import { useDialogSave } from '../kit/form/useDialogSave';
import { usePurchasing } from '../PurchasingProvider';
import { headOptions, parentOptions } from './departmentChoices';

type Department = Schemas['Department'];
type User = Schemas['User'];

/** Product copy of the department dialog (document 2 §5 and §8, and the screen's own wording). */
export const departmentFormMessages = {
  addTitle: 'Add Department',
  editTitle: 'Edit Department',
  nameAndCodeRequired: 'Name and code are required',
  codeCharacters: "The code may contain only letters, digits, '-' and '_'",
  createFailed: 'Failed to create department',
  updateFailed: 'Failed to update department',
  created: 'Department created successfully',
  updated: 'Department updated successfully',
} as const;

/** The contract's rule for a code (letters, digits, '-' and '_', starting with a letter or digit). */
const CODE_PATTERN = /^[A-Z0-9][A-Z0-9_-]*$/;

interface FormValues {
  name: string;
  code: string;
  description: string;
  headId: string | null;
  parentId: string | null;
}

type FieldName = 'name' | 'code' | 'description' | 'headId' | 'parentId';
type FieldErrors = Partial<Record<FieldName, string>>;

/** Where the server's field names land in the form. */
const SERVER_FIELDS: Record<string, FieldName> = {
  name: 'name',
  code: 'code',
  description: 'description',
  department_head_id: 'headId',
  parent_department_id: 'parentId',
};

/** Props of {@link DepartmentFormDialog}. */
export interface DepartmentFormDialogProps {
  /** Whether the dialog is open. */
  open: boolean;
  /** Called with false when the dialog closes (Cancel, Escape, saved). */
  onOpenChange(open: boolean): void;
  organizationId: string;
  /** The department being edited; null to add one. */
  department: Department | null;
  /** Every department of the organisation (for the parent choices). */
  departments: readonly Department[];
  /** The organisation's members (for the head choices); empty when they could not be loaded. */
  users: readonly User[];
}

/**
 * Adds or edits a department in a dialog: name, code (upper case as typed), description, head and
 * parent. Blank name or code says 'Name and code are required'; the server's field problems show on the
 * fields and its message (else the specification's default) as a toast, and the dialog stays open.
 */
export function DepartmentFormDialog({
  open,
  onOpenChange,
  ...form
}: DepartmentFormDialogProps): ReactElement {
  const { department } = form;
  return (
    <FormDialog
      open={open}
      onOpenChange={onOpenChange}
      title={dialogTitle(departmentFormMessages, department !== null)}
      description={
        department
          ? `Change the details of ${department.name}.`
          : 'Departments group people under a head and can sit under a parent department.'
      }
    >
      {(controls) => <DepartmentForm {...form} controls={controls} />}
    </FormDialog>
  );
}

function initialValues(department: Department | null): FormValues {
  return {
    name: department?.name ?? '',
    code: department?.code ?? '',
    description: department?.description ?? '',
    headId: department?.department_head?.id ?? null,
    parentId: department?.parent_department?.id ?? null,
  };
}

function DepartmentForm({
  organizationId,
  department,
  departments,
  users,
  controls,
}: Omit<DepartmentFormDialogProps, 'open' | 'onOpenChange'> & {
  controls: FormDialogControls;
}): ReactElement {
  const { client } = usePurchasing();
  const [values, setValues] = useState<FormValues>(() => initialValues(department));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const heads = useMemo(() => headOptions(users, department?.department_head ?? null), [users, department]);
  const parents = useMemo(() => parentOptions(departments, department), [departments, department]);

  const set = <K extends keyof FormValues>(key: K, value: FormValues[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
    // The blank-field message goes with the field marks it explains; submitting checks again.
    if (key === 'name' || key === 'code') setFormError(null);
  };

  const { save, formRef, focusFirstInvalid } = useDialogSave({
    controls,
    mutationFn: async (body: Schemas['DepartmentInput']) => {
      const header = { 'X-Organization-Id': organizationId };
      if (department) {
        return unwrap(
          client.api.PUT('/departments/{id}', { params: { path: { id: department.id }, header }, body }),
        );
      }
      return unwrap(client.api.POST('/departments', { params: { header }, body }));
    },
    // Members show their department's name, so the users lists are stale too.
    invalidate: adminKeys.all(organizationId),
    serverFields: SERVER_FIELDS,
    onFieldErrors: setErrors,
    ...dialogToasts(departmentFormMessages, department !== null),
  });

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const name = values.name.trim();
    const code = values.code.trim();
    if (!name || !code) {
      setFormError(departmentFormMessages.nameAndCodeRequired);
      setErrors({
        ...(name ? {} : { name: departmentFormMessages.nameAndCodeRequired }),
        ...(code ? {} : { code: departmentFormMessages.nameAndCodeRequired }),
      });
      focusFirstInvalid();
      return;
    }
    if (!CODE_PATTERN.test(code)) {
      setFormError(null);
      setErrors({ code: departmentFormMessages.codeCharacters });
      focusFirstInvalid();
      return;
    }
    setFormError(null);
    save.mutate({
      name,
      code,
      description: values.description.trim() || null,
      department_head_id: values.headId,
      parent_department_id: values.parentId,
    });
  };

  const onCodeChange = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.target;
    const { selectionStart, selectionEnd } = input;
    const upper = input.value.toUpperCase();
    // Upper-cased in place, so the caret stays where the user is typing instead of jumping to the end.
    if (upper !== input.value) {
      input.value = upper;
      input.setSelectionRange(selectionStart, selectionEnd);
    }
    set('code', upper);
  };

  // The blank-field message is said once, above the fields; the fields are only marked.
  const blankMessage = departmentFormMessages.nameAndCodeRequired;
  const shown = (message: string | undefined) => (message === blankMessage ? undefined : message);

  return (
    <form ref={formRef} noValidate onSubmit={onSubmit} aria-label="Department details">
      <Flex direction="column" gap="4">
        {formError ? <Callout variant="error">{formError}</Callout> : null}
        <Grid columns={{ initial: '1', sm: '3' }} gap="4">
          <Flex direction="column" gridColumn={{ initial: '1', sm: 'span 2' }}>
            <TextField
              label="Name"
              required
              maxLength={100}
              autoComplete="off"
              placeholder="e.g. Finance"
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              disabled={save.isPending}
              error={shown(errors.name)}
              aria-invalid={errors.name ? true : undefined}
              color={errors.name ? 'red' : undefined}
            />
          </Flex>
          <TextField
            label="Code"
            required
            maxLength={20}
            autoComplete="off"
            spellCheck={false}
            placeholder="e.g. FIN"
            value={values.code}
            onChange={onCodeChange}
            disabled={save.isPending}
            error={shown(errors.code)}
            aria-invalid={errors.code ? true : undefined}
            color={errors.code ? 'red' : undefined}
            style={{ fontFamily: 'var(--code-font-family)' }}
          />
        </Grid>
        <TextArea
          label="Description"
          maxLength={1000}
          rows={3}
          placeholder="What the department does"
          value={values.description}
          onChange={(event) => set('description', event.target.value)}
          disabled={save.isPending}
          error={errors.description}
        />
        <Grid columns={{ initial: '1', sm: '2' }} gap="4">
          <SelectDropdown
            label="Department Head"
            placeholder="No department head"
            searchPlaceholder="Search people..."
            options={heads}
            value={values.headId}
            onChange={(value) => set('headId', value)}
            disabled={save.isPending}
            error={errors.headId}
          />
          <SelectDropdown
            label="Parent Department"
            placeholder="None (top level)"
            searchPlaceholder="Search departments..."
            options={parents}
            value={values.parentId}
            onChange={(value) => set('parentId', value)}
            disabled={save.isPending}
            error={errors.parentId}
          />
        </Grid>
        <FormDialogButtons
          submitLabel={department ? 'Save Changes' : 'Create Department'}
          pending={save.isPending}
          onCancel={controls.onDone}
        />
      </Flex>
    </form>
  );
}
