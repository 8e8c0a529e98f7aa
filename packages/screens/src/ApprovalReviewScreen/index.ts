export {
  ApprovalReviewScreen,
  type ApprovalReviewScreenProps,
  approvalReviewMessages,
} from './ApprovalReviewScreen';
