import { TitledPage } from '@formwerk/ui';

// Placeholder while this page is being built in this session.
export function FormListPage() {
  return <TitledPage namespace="forms" pageKey="forms" />;
}
