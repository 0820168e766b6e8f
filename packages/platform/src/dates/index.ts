export { formatDate, formatDateTime, formatTime } from './format-date';
export { parseLocalDate, parseTwoDigitYear } from './parse-date';
export { formatRelativeTime } from './relative-time';
export { getWeekdayNames, getWeekNumber, getWeekStart } from './weeks';
