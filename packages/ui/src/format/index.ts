export { formatDate, formatDateTime } from './formatDate';
export { formatFileSize } from './formatFileSize';
export { formatMoney } from './formatMoney';
export { formatPercent } from './formatPercent';
export { formatRelativeTime } from './formatRelativeTime';
