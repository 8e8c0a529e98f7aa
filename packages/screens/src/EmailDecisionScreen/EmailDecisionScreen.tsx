import { type components, isApiError, unwrap } from '@purchasing/api-client';
import { Button, Callout, formatMoney, Spinner, TextArea } from '@purchasing/ui';
import { DataList, Flex, Link, Text } from '@radix-ui/themes';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactElement, useState } from 'react';
import { serverMessage } from '../ApprovalActionForm/serverMessage';
import { PublicPageLayout } from '../kit/PublicPageLayout';
import { useLinkProps, usePurchasing } from '../PurchasingProvider';

type EmailDecision = components['schemas']['EmailDecision'];

/** Product copy of {@link EmailDecisionScreen}. */
export const emailDecisionMessages = {
  title: { approve: 'Approve requisition', reject: 'Reject requisition' },
  subtitle: 'You opened a decision link from your email.',
  checking: 'Checking your link',
  invalid: 'This link is not valid.',
  loadFailed: 'The link could not be checked. Please try again.',
  failed: 'The decision could not be saved. Please try again.',
  confirm: {
    approve: 'Approve this requisition? It moves on to the next level, or is approved.',
    reject: 'Reject this requisition? The requestor sees your reason.',
  },
  commentLabel: 'Reason for rejecting',
  commentRequired: 'Say why you reject it.',
  submit: { approve: 'Approve', reject: 'Reject' },
  submitting: { approve: 'Approving…', reject: 'Rejecting…' },
  openApp: 'Open the app',
} as const;

/** Props of {@link EmailDecisionScreen}. */
export interface EmailDecisionScreenProps {
  /** The single-use token of the emailed link (`/email-decision/<token>`). */
  token: string;
}

const queryKey = (token: string) => ['email-decision', token] as const;

/**
 * The confirmation page of an "awaiting your decision" mail's Approve or Reject link (public, no
 * session): the requisition's summary and one button, Approve, or a required reason and Reject. Opening
 * it never decides (`GET /email-decisions/{token}`); the button does (`POST`), then the page says what
 * happened. A link used, expired, or whose step was decided or passed on meanwhile says so instead.
 */
export function EmailDecisionScreen({ token }: EmailDecisionScreenProps): ReactElement {
  const { client } = usePurchasing();
  const query = useQuery({
    queryKey: queryKey(token),
    queryFn: async (): Promise<EmailDecision | { problem: string }> => {
      try {
        return await unwrap(client.api.GET('/email-decisions/{token}', { params: { path: { token } } }));
      } catch (error) {
        if (isApiError(error) && error.status === 404) return { problem: emailDecisionMessages.invalid };
        throw error;
      }
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
  const data = query.data;
  const decision = data && 'state' in data ? data : null;
  const title = decision ? emailDecisionMessages.title[decision.action] : 'Decision link';

  let content: ReactElement;
  if (query.isPending) {
    content = (
      <Flex justify="center" py="6">
        <Spinner label={emailDecisionMessages.checking} />
      </Flex>
    );
  } else if (query.isError) {
    content = <Callout variant="error">{emailDecisionMessages.loadFailed}</Callout>;
  } else if (!decision) {
    content = (
      <Callout variant="error">
        {data && 'problem' in data ? data.problem : emailDecisionMessages.invalid}
      </Callout>
    );
  } else {
    content = (
      <Flex direction="column" gap="4">
        <Summary decision={decision} />
        {decision.state === 'valid' ? (
          <DecisionForm token={token} decision={decision} />
        ) : (
          <Outcome decision={decision} />
        )}
      </Flex>
    );
  }
  return (
    <PublicPageLayout
      title={title}
      subtitle={emailDecisionMessages.subtitle}
      footer={<OpenApp />}
      maxWidth="520px"
    >
      {content}
    </PublicPageLayout>
  );
}

function Summary({ decision }: { decision: EmailDecision }): ReactElement {
  const { requisition } = decision;
  return (
    <DataList.Root orientation={{ initial: 'vertical', sm: 'horizontal' }} size="2">
      <DataList.Item>
        <DataList.Label>Requisition</DataList.Label>
        <DataList.Value>{requisition.requisition_number}</DataList.Value>
      </DataList.Item>
      {requisition.justification ? (
        <DataList.Item>
          <DataList.Label>Justification</DataList.Label>
          <DataList.Value>{requisition.justification}</DataList.Value>
        </DataList.Item>
      ) : null}
      <DataList.Item>
        <DataList.Label>Requested by</DataList.Label>
        <DataList.Value>{requisition.requestor_name}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Amount</DataList.Label>
        <DataList.Value>
          <Text weight="bold">{formatMoney(requisition.total_amount, requisition.currency)}</Text>
        </DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Level</DataList.Label>
        <DataList.Value>{decision.level_title}</DataList.Value>
      </DataList.Item>
      <DataList.Item>
        <DataList.Label>Approver</DataList.Label>
        <DataList.Value>{decision.approver_name}</DataList.Value>
      </DataList.Item>
    </DataList.Root>
  );
}

/** What happened to the link: the decision it made (success), or why it can no longer decide. */
function Outcome({ decision }: { decision: EmailDecision }): ReactElement {
  return (
    <Callout
      variant={decision.state === 'used' ? 'success' : decision.state === 'expired' ? 'warning' : 'info'}
    >
      {decision.message}
    </Callout>
  );
}

function DecisionForm({ token, decision }: { token: string; decision: EmailDecision }): ReactElement {
  const { client } = usePurchasing();
  const queryClient = useQueryClient();
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const { action } = decision;
  const mutation = useMutation({
    mutationFn: () =>
      unwrap(
        client.api.POST('/email-decisions/{token}', {
          params: { path: { token } },
          body: { comment: comment.trim() ? comment.trim() : null },
        }),
      ),
    onSuccess: (answer) => queryClient.setQueryData(queryKey(token), answer),
    onError: (error) => {
      const detail = isApiError(error) ? error.details.find((entry) => entry.field === 'comment') : undefined;
      if (detail) {
        setCommentError(detail.message);
      } else if (isApiError(error) && (error.status === 409 || error.status === 410)) {
        // Decided elsewhere, spent or expired meanwhile: show what happened, as the link now says.
        void queryClient.invalidateQueries({ queryKey: queryKey(token) });
      } else {
        setFailure(serverMessage(error) ?? emailDecisionMessages.failed);
      }
    },
  });
  const submit = () => {
    setFailure(null);
    if (action === 'reject' && !comment.trim()) {
      setCommentError(emailDecisionMessages.commentRequired);
      return;
    }
    setCommentError(null);
    mutation.mutate();
  };
  const busy = mutation.isPending;
  return (
    <form
      noValidate
      aria-label={emailDecisionMessages.title[action]}
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Flex direction="column" gap="4">
        {failure ? <Callout variant="error">{failure}</Callout> : null}
        <Text as="p" size="2">
          {emailDecisionMessages.confirm[action]}
        </Text>
        {action === 'reject' ? (
          <TextArea
            label={emailDecisionMessages.commentLabel}
            required
            maxLength={2000}
            value={comment}
            disabled={busy}
            error={commentError ?? undefined}
            onChange={(event) => setComment(event.target.value)}
          />
        ) : null}
        <Button type="submit" size="3" variant={action === 'reject' ? 'danger' : 'primary'} loading={busy}>
          {busy ? emailDecisionMessages.submitting[action] : emailDecisionMessages.submit[action]}
        </Button>
      </Flex>
    </form>
  );
}

function OpenApp(): ReactElement {
  const { navigation } = usePurchasing();
  const link = useLinkProps(navigation.hrefs.login());
  return (
    <Link size="2" {...link}>
      {emailDecisionMessages.openApp}
    </Link>
  );
}
