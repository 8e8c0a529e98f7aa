export { getPageWindow, MAX_PAGE_BUTTONS, PAGE_SIZE_OPTIONS, Pager, type PagerProps } from './Pager';
