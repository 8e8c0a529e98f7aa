export {
  IMPORT_COLUMNS,
  IMPORT_HEADER,
  type ImportColumn,
  type ImportContext,
  type ImportParseResult,
  type ImportRow,
  MAX_IMPORT_ROWS,
  parseImportCsv,
} from './bulkImport';
export { filterUsers, USER_LIST_PAGE_SIZE, UserListScreen, userListMessages } from './UserListScreen';
