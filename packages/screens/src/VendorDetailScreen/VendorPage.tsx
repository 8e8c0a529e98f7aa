import { type Schemas, vendorQueries } from '@purchasing/api-client';
import type { ReactElement } from 'react';
import { DetailScreen, type DetailScreenProps } from '../kit/detail/DetailScreen';
import { useDetailScreen } from '../kit/detail/useDetailScreen';
import { usePurchasing } from '../PurchasingProvider';
import { vendorMessages } from '../shared/vendors';

type Vendor = Schemas['Vendor'];

/** Props of {@link VendorPage}. */
export interface VendorPageProps extends Omit<DetailScreenProps<Vendor>, 'state' | 'backTo' | 'messages'> {
  vendorId: string;
  /** Asks the user to choose an organisation (each page says what for). */
  noOrganization: string;
}

/**
 * A page about one vendor (its detail, its edit form): `GET /vendors/{id}` in the {@link DetailScreen}
 * frame, under the vendor list in the breadcrumb, with the vendor screens' not-found and failure copy.
 */
export function VendorPage({ vendorId, noOrganization, ...props }: VendorPageProps): ReactElement {
  const { navigation } = usePurchasing();
  const state = useDetailScreen({ query: vendorQueries.detail, pick: (body) => body.vendor, id: vendorId });
  return (
    <DetailScreen
      {...props}
      state={state}
      backTo={{
        label: vendorMessages.listTitle,
        href: navigation.hrefs.vendors(),
        backLabel: vendorMessages.backToList,
      }}
      messages={{
        loading: 'Loading vendor',
        noOrganization,
        notFound: vendorMessages.notFound,
        notFoundDescription: vendorMessages.notFoundDescription,
        loadFailed: vendorMessages.detailLoadFailed,
      }}
    />
  );
}
