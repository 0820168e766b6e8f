import { TitledPage } from '@formwerk/ui';

// Placeholder while this page is being built in this session.
export function FormPreviewPage() {
  return <TitledPage namespace="forms" pageKey="form-preview" />;
}
