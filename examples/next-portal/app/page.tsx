/**
 * The portal's home, a server component: it imports the packages at module scope and renders from
 * them on the server (issue 17: importing the packages on the server must not touch `window`). A
 * widget of @purchasing/ui is a client component here; @purchasing/api-client's functions run here.
 */
import { takesIdempotencyKey } from '@purchasing/api-client';
import { StatusBadge } from '@purchasing/ui';
import Link from 'next/link';

export default function HomePage() {
  const retrySafe = takesIdempotencyKey('post', '/requisitions/{id}/submit');
  return (
    <section className="portal-home">
      <h1>Welcome to the Acme Intranet</h1>
      <p>
        Purchasing: <Link href="/approvals">your approval queue</Link> lists the requisitions waiting for you,
        such as those <StatusBadge status="submitted" />.
      </p>
      <p data-testid="server-facts">
        Submitting a requisition is {retrySafe ? 'safe' : 'not safe'} to retry.
      </p>
    </section>
  );
}
