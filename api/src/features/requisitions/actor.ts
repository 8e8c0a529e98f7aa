import type { OrganizationScope } from '../../http/context.js';
import type { DecisionMailContext } from '../approvals/decision-mail.js';

/** Who acts: the verified user and their membership of the organisation. */
export interface Actor {
  userId: string;
  scope: OrganizationScope;
  /**
   * Where the mails the actor's changes send link to (the configured public URL): "awaiting your
   * decision" and the notification mails. Without it nobody is mailed; the bell is written all the same.
   */
  mail?: DecisionMailContext;
}
