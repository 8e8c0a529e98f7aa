/**
 * Typed MSW handlers for the emailed decision links (`/email-decisions/{token}`): an in-memory set of
 * links in every state, answered as the server does; the factory after it gives the pending state.
 */
import type { Schemas } from '@purchasing/api-client';
import { delay } from 'msw';
import { http } from './handlers';

type EmailDecision = Schemas['EmailDecision'];

/** Tokens the handlers know, one per state; others are invalid (404). */
export const decisionTokens = {
  approve: 'approve-token-0123456789',
  reject: 'reject-token-0123456789',
  used: 'used-token-0123456789',
  expired: 'expired-token-0123456789',
  decided: 'decided-token-0123456789',
  delegated: 'delegated-token-0123456789',
  closed: 'closed-token-0123456789',
  committee: 'committee-token-0123456789',
  invalid: 'unknown-token-0123456789',
} as const;

const base: EmailDecision = {
  action: 'approve',
  state: 'valid',
  message: null,
  approver_name: 'Mark Manager',
  level_title: 'Manager',
  expires_at: '2026-11-30T12:00:00.000Z',
  requisition: {
    requisition_number: 'REQ-2026-00042',
    justification: 'Laptops for the two new starters in the design team',
    total_amount: 2400,
    currency: 'AUD',
    requestor_name: 'Uma User',
  },
};

/** The links of {@link decisionTokens} as `GET /email-decisions/{token}` answers them. */
export function decisionFixtures(): Record<string, EmailDecision> {
  return {
    [decisionTokens.approve]: { ...base },
    [decisionTokens.reject]: { ...base, action: 'reject' },
    [decisionTokens.used]: { ...base, state: 'used', message: 'Approved by Mark Manager on 27 Nov 2026.' },
    [decisionTokens.expired]: {
      ...base,
      state: 'expired',
      message: 'This link has expired. You can still decide in the app.',
    },
    [decisionTokens.decided]: {
      ...base,
      action: 'reject',
      state: 'decided',
      message: 'Already approved by Mark Manager on 27 Nov 2026.',
    },
    [decisionTokens.delegated]: {
      ...base,
      state: 'delegated',
      message: 'This step was delegated to Olivia Other.',
    },
    [decisionTokens.committee]: {
      ...base,
      level_title: 'Board Approval',
      state: 'decided',
      message: 'This committee has already decided: approved by Ana Board and Ben Board on 27 Nov 2026.',
    },
    [decisionTokens.closed]: {
      ...base,
      state: 'closed',
      message: 'This requisition is no longer awaiting this decision.',
    },
  };
}

const errorBody = (message: string, code: Schemas['ErrorCode'], details: Schemas['ErrorDetail'][] = []) => ({
  message,
  code,
  details,
});

/**
 * `GET` and `POST /email-decisions/{token}` over {@link decisionFixtures}: a valid link decides once
 * (a Reject link needs a comment: 400 naming `comment`), then answers `used`; a link that cannot
 * decide answers 409 (410 expired) with its message. `posts` records every body received.
 */
export function createEmailDecisionApi() {
  const decisions = decisionFixtures();
  const posts: { token: string; body: unknown }[] = [];
  const handlers = [
    http.get('/email-decisions/{token}', ({ params, response }) => {
      const decision = decisions[params.token];
      if (!decision) return response(404).json(errorBody('This link is not valid.', 'INVALID_TOKEN'));
      return response(200).json(decision);
    }),
    http.post('/email-decisions/{token}', async ({ params, request, response }) => {
      const body = await request.json();
      posts.push({ token: params.token, body });
      const decision = decisions[params.token];
      if (!decision) return response(404).json(errorBody('This link is not valid.', 'INVALID_TOKEN'));
      if (decision.state === 'expired') {
        return response(410).json(errorBody(decision.message ?? '', 'TOKEN_EXPIRED'));
      }
      if (decision.state !== 'valid')
        return response(409).json(errorBody(decision.message ?? '', 'CONFLICT'));
      if (decision.action === 'reject' && !body.comment?.trim()) {
        const message = 'Say why you reject it.';
        return response(400).json(errorBody(message, 'VALIDATION_FAILED', [{ field: 'comment', message }]));
      }
      const verb = decision.action === 'approve' ? 'Approved' : 'Rejected';
      const done: EmailDecision = {
        ...decision,
        state: 'used',
        message: `${verb} by ${decision.approver_name} on 27 Nov 2026.`,
      };
      decisions[params.token] = done;
      return response(200).json(done);
    }),
  ];
  return { handlers, posts };
}

/** Links that never answer: the checking state. */
export const emailDecisionPendingHandlers = [
  http.get('/email-decisions/{token}', async ({ response }) => {
    await delay('infinite');
    return response(404).json(errorBody('This link is not valid.', 'INVALID_TOKEN'));
  }),
];
