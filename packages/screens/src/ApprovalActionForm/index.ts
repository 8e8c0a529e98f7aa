export {
  ApprovalActionForm,
  type ApprovalActionFormProps,
  type ApprovalActionName,
  type ApprovalDecision,
  type ApprovalSubmission,
  approvalActionMessages,
  type PendingStepState,
  submitApprovalAction,
  usePendingStep,
} from './ApprovalActionForm';
