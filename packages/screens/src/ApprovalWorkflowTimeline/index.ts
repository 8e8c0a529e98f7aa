export {
  ApprovalWorkflowTimeline,
  type ApprovalWorkflowTimelineProps,
  NO_WORKFLOW_MESSAGE,
} from './ApprovalWorkflowTimeline';
