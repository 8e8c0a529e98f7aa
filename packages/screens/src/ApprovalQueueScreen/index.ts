export {
  APPROVAL_QUEUE_SEARCH_DEBOUNCE_MS,
  ApprovalQueueScreen,
  type ApprovalQueueScreenProps,
  approvalQueueMessages,
} from './ApprovalQueueScreen';
export {
  APPROVAL_QUEUE_PAGE_SIZES,
  type ApprovalQueueSearch,
  approvalQueueSearchSchema,
} from './approvalQueue.search';
