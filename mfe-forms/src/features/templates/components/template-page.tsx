import { TitledPage } from '@formwerk/ui';

// Placeholder while this page is being built in this session.
export function TemplatePage() {
  return <TitledPage namespace="forms" pageKey="template" />;
}
