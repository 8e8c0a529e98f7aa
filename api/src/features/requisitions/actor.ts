import type { OrganizationScope } from '../../http/context.js';
import type { DecisionMailContext } from '../approvals/decision-mail.js';

/** Who acts: the verified user and their membership of the organisation. */
export interface Actor {
  userId: string;
  scope: OrganizationScope;
  /** Where "awaiting your decision" mails link to; without it a step that opens is not mailed. */
  mail?: DecisionMailContext;
}
