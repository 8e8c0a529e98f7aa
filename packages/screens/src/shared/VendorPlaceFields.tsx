import type { Schemas } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import { Field } from '../kit/detail/Field';

/** The parts of a vendor's address after the street. */
type VendorPlace = Pick<Schemas['Vendor'], 'city' | 'state_province' | 'postal_code' | 'country'>;

/** Where a vendor is, after its street: City, State / Province, Postal Code and Country (in a `FieldList`). */
export function VendorPlaceFields({ vendor }: { vendor: VendorPlace }): ReactElement {
  return (
    <>
      <Field label="City">{vendor.city}</Field>
      <Field label="State / Province">{vendor.state_province}</Field>
      <Field label="Postal Code">{vendor.postal_code}</Field>
      <Field label="Country">{vendor.country}</Field>
    </>
  );
}
