export {
  ApprovalActionForm,
  type ApprovalActionFormProps,
  type ApprovalActionName,
  type ApprovalSubmission,
  approvalActionMessages,
  type PendingStepState,
  submitApprovalAction,
  usePendingStep,
} from './ApprovalActionForm';
