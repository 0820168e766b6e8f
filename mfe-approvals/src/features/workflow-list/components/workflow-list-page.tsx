import { TitledPage } from '@formwerk/ui';

// Placeholder until this page is built (issue "Approval workflows").
export function WorkflowListPage() {
  return <TitledPage namespace="approvals" pageKey="TODO" />;
}
