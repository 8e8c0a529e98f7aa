/**
 * How vendors read on every screen (list, form, detail): the product copy, the status words, the
 * address on one line, and the activation changes as mutations with their toasts.
 */
import { type Schemas, vendorMutations } from '@purchasing/api-client';
import { toast } from '@purchasing/ui';
import { useMutation } from '@tanstack/react-query';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { usePurchasing } from '../PurchasingProvider';

type Vendor = Schemas['Vendor'];

/** The product copy of the vendor screens (issue 16 item 1; the specification leaves them unworded). */
export const vendorMessages = {
  listTitle: 'Vendors',
  newVendor: 'New Vendor',
  noOrganization: 'Please select an organization from the header to view vendors',
  loadFailed: 'Failed to load vendors. Please try again.',
  detailLoadFailed: 'Failed to load the vendor. Please try again.',
  noVendors: 'No vendors yet',
  noMatches: 'No vendors match your search.',
  notFound: 'Vendor not found',
  notFoundDescription:
    "It may have been removed, or it belongs to another organization and you don't have access to it.",
  backToList: 'Back to Vendors',
  noManagePermission: "You don't have permission to manage vendors.",
  created: (name: string) => `${name} created`,
  createFailed: 'Failed to create vendor',
  updated: (name: string) => `${name} updated`,
  updateFailed: 'Failed to update vendor',
  deactivateTitle: 'Deactivate vendor?',
  deactivateMessage: (name: string) =>
    `Orders already raised keep ${name}; new orders can't use it. You can reactivate it later.`,
  deactivated: (name: string) => `${name} deactivated`,
  deactivateFailed: 'Failed to deactivate vendor',
  reactivated: (name: string) => `${name} reactivated`,
  reactivateFailed: 'Failed to reactivate vendor',
  baseCurrency: "Organization's base currency",
} as const;

/** 'Active' or 'Inactive'. */
export function vendorStatusLabel(vendor: Pick<Vendor, 'is_active'>): string {
  return vendor.is_active ? 'Active' : 'Inactive';
}

/** City, state and country on one line ('North Sydney, NSW, Australia'); '' when none is known. */
export function vendorLocation(vendor: Pick<Vendor, 'city' | 'state_province' | 'country'>): string {
  return [vendor.city, vendor.state_province, vendor.country]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(', ');
}

/** The vendor as `PUT /vendors/{id}` takes it, with these changes (every field is sent: omitted ones clear). */
export function vendorUpdate(vendor: Vendor, changes: Partial<Schemas['VendorUpdateInput']> = {}) {
  const { id: _id, created_at: _created, ...fields } = vendor;
  return { ...fields, ...changes } satisfies Schemas['VendorUpdateInput'];
}

/**
 * Deactivate (`DELETE /vendors/{id}`) and Reactivate (`PUT` with `is_active: true`) of `vendor` in
 * `organizationId`, toasting the outcome (the server's message when it gave one). A failure rejects
 * `mutateAsync`, so a confirmation can stay open.
 */
export function useVendorActivation(organizationId: string, vendor: Vendor) {
  const { client } = usePurchasing();
  const deactivateBase = vendorMutations.deactivate(client, organizationId);
  const deactivate = useMutation({
    ...deactivateBase,
    onSuccess: (...args) => {
      deactivateBase.onSuccess?.(...args);
      toast.success(vendorMessages.deactivated(vendor.name));
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? vendorMessages.deactivateFailed);
    },
  });
  const updateBase = vendorMutations.update(client, organizationId);
  const reactivate = useMutation({
    ...updateBase,
    onSuccess: (...args) => {
      updateBase.onSuccess?.(...args);
      toast.success(vendorMessages.reactivated(vendor.name));
    },
    onError: (error) => {
      toast.error(serverMessage(error) ?? vendorMessages.reactivateFailed);
    },
  });
  return {
    deactivate: () => deactivate.mutateAsync(vendor.id),
    deactivating: deactivate.isPending,
    reactivate: () => reactivate.mutate({ id: vendor.id, input: vendorUpdate(vendor, { is_active: true }) }),
    reactivating: reactivate.isPending,
  };
}
