export { Button } from './button/button';
export { ConfirmDialog } from './dialog/confirm-dialog';
export { Icon } from './icon/icon';
export { compactMaxWidth, compactMedia } from './layout/breakpoints';
export { ResponsiveHeader } from './layout/responsive-header';
export { TableFrame } from './layout/table-frame';
export { PageHeader } from './page/page-header';
export { TitledPage } from './page/titled-page';
export { ProgressBar } from './progress/progress-bar';
