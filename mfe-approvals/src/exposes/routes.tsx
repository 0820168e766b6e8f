import { type AreaModule, type LazyPage, lazyPage, withSectionNav } from '@formwerk/platform';
import { platformContractVersion } from '@formwerk/platform/contract';
import type { ComponentType } from 'react';

const namespace = 'approvals';

// The area's sections, as tabs above each of their pages.
const sections = {
  namespace,
  sections: [
    { key: 'overview', route: 'v1-approve' },
    { key: 'tasks', route: 'v1-approve-approvals' },
    { key: 'workflows', route: 'v1-approve-workflows' },
  ],
};
const inSection = (page: LazyPage) => withSectionNav(page, sections);

// Each page is a chunk of its own: this module, which the shell loads for every page of the area,
// holds only the messages and where each page's code is.
const taskPage = lazyPage(() => import('../features/task/components/task-page').then((module) => module.TaskPage));
const pages: Record<string, ComponentType> = {
  inbox: inSection(
    lazyPage(() =>
      import('../features/overview/components/approvals-overview-page').then((module) => module.ApprovalsOverviewPage),
    ),
  ),
  approvals: inSection(
    lazyPage(() => import('../features/inbox/components/inbox-page').then((module) => module.InboxPage)),
  ),
  // A task has two addresses: /v1/approve/{id} (mails link there) and /v1/approve/approvals/{id}.
  approval: taskPage,
  workflow: taskPage,
  workflows: inSection(
    lazyPage(() =>
      import('../features/workflow-list/components/workflow-list-page').then((module) => module.WorkflowListPage),
    ),
  ),
  'workflow-editor': lazyPage(() =>
    import('../features/workflow-editor/components/workflow-editor-page').then((module) => module.WorkflowEditorPage),
  ),
  'workflow-screens': lazyPage(() =>
    import('../features/workflow-editor/components/screens-page').then((module) => module.ScreensPage),
  ),
  'workflow-screen': lazyPage(() =>
    import('../features/workflow-editor/components/screen-page').then((module) => module.ScreenPage),
  ),
};

// The texts: a chunk per language (locales/<language>/index.ts).
const areaModule: AreaModule = {
  contractVersion: platformContractVersion,
  namespace,
  messages: {
    de: () => import(/* webpackChunkName: "messages-de" */ '../locales/de/index').then((module) => module.default),
    en: () => import(/* webpackChunkName: "messages-en" */ '../locales/en/index').then((module) => module.default),
  },
  pages,
};

export default areaModule;
