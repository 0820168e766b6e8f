export { Button } from './button/button';
export { ConfirmDialog } from './dialog/confirm-dialog';
export { Icon } from './icon/icon';
export { PageHeader } from './page/page-header';
export { TitledPage } from './page/titled-page';
export { ProgressBar } from './progress/progress-bar';
