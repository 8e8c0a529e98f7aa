export {
  APPROVAL_QUEUE_PAGE_SIZES,
  APPROVAL_QUEUE_SEARCH_DEBOUNCE_MS,
  ApprovalQueueScreen,
  type ApprovalQueueScreenProps,
  type ApprovalQueueSearch,
  approvalQueueMessages,
  approvalQueueSearchSchema,
} from './ApprovalQueueScreen';
