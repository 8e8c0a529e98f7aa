/** The panels of a vendor's page: contact, address and terms. */
import type { Schemas } from '@purchasing/api-client';
import { Link, Text } from '@radix-ui/themes';
import type { ReactElement } from 'react';
import { emailLink, Field, FieldList, LongText, phoneLink } from '../kit/detail/Field';
import { Panel } from '../kit/detail/Panel';
import { paymentTermsLabel } from '../shared/purchaseOrders';
import { VendorPlaceFields } from '../shared/VendorPlaceFields';
import { vendorMessages } from '../shared/vendors';

type Vendor = Schemas['Vendor'];

/** A website as a link that opens in a new tab; an address without a scheme gets https://. */
function WebsiteLink({ website }: { website: string }): ReactElement {
  const href = /^https?:\/\//i.test(website) ? website : `https://${website}`;
  return (
    <Link href={href} target="_blank" rel="noopener noreferrer">
      {website.replace(/^https?:\/\//i, '').replace(/\/$/, '')}
    </Link>
  );
}

/** Who to deal with: contact, email for orders (a mail link), phone and website. */
export function ContactPanel({ vendor }: { vendor: Vendor }): ReactElement {
  return (
    <Panel title="Contact">
      <FieldList>
        <Field label="Contact">{vendor.contact_name}</Field>
        <Field label="Email">{emailLink(vendor.email)}</Field>
        <Field label="Phone">{phoneLink(vendor.phone)}</Field>
        <Field label="Website">{vendor.website ? <WebsiteLink website={vendor.website} /> : null}</Field>
      </FieldList>
    </Panel>
  );
}

/** Where the vendor is. */
export function AddressPanel({ vendor }: { vendor: Vendor }): ReactElement {
  return (
    <Panel title="Address">
      <FieldList>
        <Field label="Street Address" wide>
          <LongText value={vendor.address} />
        </Field>
        <VendorPlaceFields vendor={vendor} />
      </FieldList>
    </Panel>
  );
}

/** What new orders start with: payment terms and currency; the tax number printed on orders. */
export function TermsPanel({ vendor, baseCurrency }: { vendor: Vendor; baseCurrency: string }): ReactElement {
  return (
    <Panel title="Terms">
      <FieldList layout="rows">
        <Field label="Payment Terms">
          {vendor.payment_terms ? paymentTermsLabel(vendor.payment_terms) : null}
        </Field>
        <Field label="Currency">
          {vendor.currency ?? (
            <Text>
              {baseCurrency} <Text color="gray">({vendorMessages.baseCurrency.toLowerCase()})</Text>
            </Text>
          )}
        </Field>
        <Field label="Tax Number">{vendor.tax_number}</Field>
      </FieldList>
    </Panel>
  );
}
