import '@radix-ui/themes/styles.css';
import './portal.css';
import { Theme } from '@radix-ui/themes';
import type { Metadata } from 'next';
import Link from 'next/link';
import type { ReactNode } from 'react';
import { PORTAL_USER } from './identity';
import { Purchasing } from './purchasing';

export const metadata: Metadata = { title: 'Acme Intranet' };

/** The portal's own frame: its header, navigation and person, around every page. */
export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <Theme accentColor="indigo">
          <header className="portal-header">
            <Link href="/" className="portal-brand">
              Acme Intranet
            </Link>
            <nav aria-label="Portal">
              <Link href="/">Home</Link>
              <Link href="/approvals">Approvals</Link>
            </nav>
            <span className="portal-user">{`Signed in as ${PORTAL_USER}`}</span>
          </header>
          <main className="portal-main">
            <Purchasing>{children}</Purchasing>
          </main>
        </Theme>
      </body>
    </html>
  );
}
