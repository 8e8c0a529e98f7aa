export {
  BudgetManagementScreen,
  type BudgetManagementScreenProps,
  budgetManagementMessages,
} from './BudgetManagementScreen';
export { type BudgetManagementSearch, budgetManagementSearchSchema } from './searchParams';
