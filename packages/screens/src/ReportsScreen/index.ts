export { ReportsScreen, type ReportsScreenProps, reportsMessages } from './ReportsScreen';
export { type ReportsSearch, reportsSearchSchema } from './searchParams';
