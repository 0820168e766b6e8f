import { TitledPage } from '@formwerk/ui';

// Placeholder while this page is being built in this session.
export function TeamTemplatePage() {
  return <TitledPage namespace="forms" pageKey="team-template" />;
}
