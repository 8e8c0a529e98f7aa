import { Breadcrumb } from '@purchasing/ui';
import { Flex, Button as RadixButton } from '@radix-ui/themes';
import { ArrowLeft } from 'lucide-react';
import type { ReactElement, ReactNode } from 'react';
import { pageMaxWidth } from '../kit/themeVariables';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';

/** The frame of every state of Edit User. */
export function Page({ children }: { children: ReactNode }): ReactElement {
  return (
    <Flex direction="column" gap="5" style={{ maxWidth: pageMaxWidth(1200) }}>
      {children}
    </Flex>
  );
}

/** The breadcrumb back to the user list. */
export function UsersBreadcrumb({ name }: { name: string }): ReactElement {
  const { navigation } = usePurchasing();
  return (
    <Breadcrumb
      items={[{ label: 'Users', href: navigation.hrefs.users() }, { label: name }]}
      onNavigate={(href) => navigation.navigate(href)}
    />
  );
}

/** The link back to the user list. */
export function BackToUsers(): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.users());
  return (
    <RadixButton asChild variant="soft" color="gray">
      <a {...link}>
        <ArrowLeft size={16} aria-hidden />
        Back to Users
      </a>
    </RadixButton>
  );
}
