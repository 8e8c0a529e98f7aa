import { queryKeys, requisitionKeys, type Schemas, unwrap, uploadAttachments } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useQueryClient } from '@tanstack/react-query';
import { type RefObject, useRef, useState } from 'react';
import type { UseFormHandleSubmit, UseFormSetError } from 'react-hook-form';
import { usePurchasing } from '../PurchasingProvider';
import { useFocusFirstInvalid } from '../shared/useFocusFirstInvalid';
import type { StagedFile } from './AttachmentsSection';
import {
  type RequisitionFormOutput,
  type RequisitionFormValues,
  toRequisitionInput,
} from './requisitionFormSchema';
import { messageOf, placeServerErrors } from './serverErrors';

type Requisition = Schemas['Requisition'];

/** Which button saved: keep as a draft, or submit for approval. */
export type Intent = 'draft' | 'submit';

interface IntentCopy {
  label: string;
  busy: string;
  success: string;
  failure: string;
}

/** The toast when an edit of an approved requisition sent it back for approval. */
export const APPROVED_EDIT_SENT_BACK = 'Requisition updated and sent back for approval';

/** Button labels and toasts (document 1 §2 and §8). */
export function copyFor(
  mode: 'create' | 'edit',
  intent: Intent,
  status?: Schemas['RequisitionStatus'],
): IntentCopy {
  if (mode === 'create') {
    return intent === 'draft'
      ? {
          label: 'Save as Draft',
          busy: 'Saving...',
          success: 'Requisition saved as draft',
          failure: 'Failed to save requisition',
        }
      : {
          label: 'Submit for Approval',
          busy: 'Submitting...',
          success: 'Requisition submitted successfully',
          failure: 'Failed to submit requisition',
        };
  }
  if (status === 'approved') {
    // Changes after approval (issue 15 item 7): one save, whose outcome the server decides.
    return {
      label: 'Save Changes',
      busy: 'Saving...',
      success: 'Requisition updated; it stays approved',
      failure: 'Failed to update requisition',
    };
  }
  return intent === 'draft'
    ? {
        label: 'Update Draft',
        busy: 'Updating...',
        success: 'Requisition updated successfully',
        failure: 'Failed to update requisition',
      }
    : {
        label: status === 'info_requested' ? 'Update & Resubmit' : 'Update & Submit',
        busy: 'Submitting...',
        success: 'Requisition updated and submitted successfully',
        failure: 'Failed to update and submit requisition',
      };
}

/** Server refusals that no single field shows: line-item problems and the rest. */
export interface ServerProblems {
  lineItems: string[];
  other: string[];
}

/** The requisition saved: a new one in the organisation, or the one edited. */
export interface RequisitionSaveTarget {
  mode: 'create' | 'edit';
  organizationId: string;
  requisition?: Requisition;
}

/** The form that saves it. */
interface UseRequisitionSaveOptions {
  formRef: RefObject<HTMLFormElement | null>;
  handleSubmit: UseFormHandleSubmit<RequisitionFormValues, RequisitionFormOutput>;
  setError: UseFormSetError<RequisitionFormValues>;
  /** Files chosen on the form, uploaded once the requisition is saved. */
  staged: StagedFile[];
  /** Leaves the form once saved, without asking about unsaved changes (the guard's `leave`). */
  leave(href: string, options?: { replace?: boolean }): void;
}

/**
 * Saving the requisition form: validates, saves (create or replace), uploads the staged files one by
 * one, submits when asked (after the uploads, when there are files), toasts, and goes to the saved
 * requisition's page. Server refusals land on their fields or in `serverProblems`, and focus moves to
 * the first invalid control.
 */
export function useRequisitionSave(
  { mode, organizationId, requisition }: RequisitionSaveTarget,
  { formRef, handleSubmit, setError, staged, leave }: UseRequisitionSaveOptions,
) {
  const { client, navigation } = usePurchasing();
  const queryClient = useQueryClient();
  const [saving, setSaving] = useState<Intent | null>(null);
  const savingRef = useRef(false);
  const [saved, setSaved] = useState(false);
  const [serverProblems, setServerProblems] = useState<ServerProblems>({
    lineItems: [],
    other: [],
  });
  const busy = saving !== null || saved;
  const focusFirstInvalid = useFocusFirstInvalid(formRef, busy);

  const showServerErrors = (error: unknown, lineCount: number) => {
    const placed = placeServerErrors(error, lineCount);
    const lineItems: string[] = [];
    for (const { path, message } of placed.fields) {
      if (path === 'line_items') lineItems.push(message);
      else setError(path, { type: 'server', message });
    }
    setServerProblems({ lineItems, other: placed.unplaced.map((detail) => detail.message) });
    if (placed.fields.length > 0) focusFirstInvalid();
  };

  const save = async (values: RequisitionFormOutput, intent: Intent) => {
    const copy = copyFor(mode, intent, requisition?.status);
    const files = staged.map((entry) => entry.file);
    // The server takes files only before submission, so with files the requisition is saved first,
    // the files uploaded, and only then submitted.
    const submitInBody = intent === 'submit' && files.length === 0;
    const body = toRequisitionInput(values, { submit: submitInBody });
    const header = { 'X-Organization-Id': organizationId };
    setServerProblems({ lineItems: [], other: [] });

    let savedRequisition: Requisition;
    try {
      const data =
        mode === 'create' || !requisition
          ? await unwrap(client.api.POST('/requisitions', { params: { header }, body }))
          : await unwrap(
              client.api.PUT('/requisitions/{id}', {
                params: { path: { id: requisition.id }, header },
                body,
              }),
            );
      savedRequisition = data.requisition;
    } catch (error) {
      showServerErrors(error, values.line_items.length);
      toast.error(messageOf(error, copy.failure));
      return;
    }
    // The requisition is saved from here on: whatever fails next, the user goes to its page.
    setSaved(true);

    const failures: { name: string; message: string }[] = [];
    for (const file of files) {
      try {
        await uploadAttachments(client, {
          organizationId,
          entityType: 'requisition',
          entityId: savedRequisition.id,
          files: [file],
        });
      } catch (error) {
        failures.push({ name: file.name, message: messageOf(error, 'Upload failed') });
      }
    }

    let submitted = submitInBody;
    let submitError: unknown = null;
    if (intent === 'submit' && !submitInBody && failures.length === 0) {
      try {
        await unwrap(
          client.api.POST('/requisitions/{id}/submit', {
            params: { path: { id: savedRequisition.id }, header },
          }),
        );
        submitted = true;
      } catch (error) {
        submitError = error;
      }
    }

    void queryClient.invalidateQueries({ queryKey: requisitionKeys.all(organizationId) });
    void queryClient.invalidateQueries({ queryKey: queryKeys.organizationSummary(organizationId) });

    if (requisition?.status === 'approved' && savedRequisition.status === 'under_review') {
      toast.success(APPROVED_EDIT_SENT_BACK);
    } else if (intent === 'draft' || submitted) {
      toast.success(copy.success);
    } else {
      toast.success(copyFor(mode, 'draft').success);
    }
    if (failures.length > 0) {
      const list = failures.map((failure) => `${failure.name} (${failure.message})`).join(', ');
      const notSubmitted = intent === 'submit' ? ' The requisition was saved but not submitted.' : '';
      toast.error(`These files could not be uploaded: ${list}.${notSubmitted}`);
    }
    if (submitError) toast.error(messageOf(submitError, copy.failure));
    leave(navigation.hrefs.requisitionDetail(savedRequisition.id), { replace: true });
  };

  const submitWith = (intent: Intent) => {
    if (savingRef.current || saved) return;
    void handleSubmit(
      async (values) => {
        // A second click while the first save runs does nothing.
        if (savingRef.current) return;
        savingRef.current = true;
        setSaving(intent);
        try {
          await save(values, intent);
        } finally {
          savingRef.current = false;
          setSaving(null);
        }
      },
      () => focusFirstInvalid(),
    )();
  };

  return { saving, saved, busy, serverProblems, submitWith };
}
