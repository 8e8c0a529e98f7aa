import { Link } from '@radix-ui/themes';
import { ArrowLeft } from 'lucide-react';
import type { ReactElement } from 'react';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';

/** 'Back to sign in': the link under the public password pages' card. */
export function BackToSignIn(): ReactElement {
  const { navigation } = usePurchasing();
  const login = useLinkProps(navigation.hrefs.login());
  return (
    <Link size="2" {...login} style={{ display: 'inline-flex', alignItems: 'center', gap: 'var(--space-1)' }}>
      <ArrowLeft size={14} aria-hidden />
      Back to sign in
    </Link>
  );
}
