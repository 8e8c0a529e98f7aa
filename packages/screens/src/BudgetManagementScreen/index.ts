export { BudgetManagementScreen, budgetManagementMessages } from './BudgetManagementScreen';
