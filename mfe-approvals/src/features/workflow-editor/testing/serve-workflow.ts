import type { FormResponse, WorkflowGraph, WorkflowResponse } from '@formwerk/contracts';
import { answerApi } from '../../../test/render-page';

// The api as the workflow editor and its screen pages meet it, for their page tests.

export const workflowId = '65f0c0ffee0000000000aaaa';
export const formId = '65f0c0ffee0000000000f001';
export const userId = '65f0c0ffee0000000000b001';

const at = { x: 0, y: 0 };
/** start → "Manager" (approved → done); nobody decides and "rejected" leads nowhere. */
export const invalidGraph: WorkflowGraph = {
  nodes: [
    { id: 'start', type: 'start', position: at },
    {
      id: 'manager',
      type: 'approval',
      label: 'Manager',
      assignees: [],
      mode: 'vote',
      rule: { kind: 'any' },
      position: at,
    },
    { id: 'done', type: 'end', outcome: 'approved', position: at },
  ],
  edges: [
    { id: 'e1', source: 'start', sourceHandle: 'out', target: 'manager' },
    { id: 'e2', source: 'manager', sourceHandle: 'approved', target: 'done' },
  ],
  screens: [],
};
export const validGraph: WorkflowGraph = {
  nodes: [
    ...invalidGraph.nodes.map((node) =>
      node.type === 'approval' ? { ...node, assignees: [{ kind: 'user' as const, userId }] } : node,
    ),
    { id: 'refused', type: 'end', outcome: 'rejected', position: at },
  ],
  edges: [...invalidGraph.edges, { id: 'e3', source: 'manager', sourceHandle: 'rejected', target: 'refused' }],
  screens: [],
};

export function storedWorkflow(graph: WorkflowGraph, change: Partial<WorkflowResponse> = {}): WorkflowResponse {
  return {
    id: workflowId,
    name: 'Purchase orders',
    description: '',
    forms: [{ id: formId, title: 'Order form' }],
    graph,
    revision: 4,
    publishedVersion: null,
    hasUnpublishedChanges: true,
    versions: [],
    updatedAt: '2026-05-04T14:05:00.000Z',
    ...change,
  };
}

export const orderForm: FormResponse = {
  id: formId,
  status: 'published',
  isArchived: false,
  version: 2,
  definition: {
    title: 'Order form',
    description: '',
    language: 'en',
    pages: [
      {
        id: 'p1',
        fields: [
          { id: 'amount', type: 'number', label: 'Amount', required: true, decimals: 2 },
          { id: 'boss', type: 'email', label: 'Your manager', required: true },
        ],
      },
    ],
  },
  createdAt: '2026-05-01T08:00:00.000Z',
  updatedAt: '2026-05-01T08:00:00.000Z',
  publishedAt: null,
  publishedVersion: 1,
};

type Call = { url: string; method: string; body: unknown };
type ServeOptions = {
  onSave?: (body: { revision: number }) => [number, unknown];
  onPublish?: () => [number, unknown];
};

/** The api as the editor meets it: the workflow, the team's people and forms, saving and publishing. */
export function serveWorkflow(initial: WorkflowResponse, { onSave, onPublish }: ServeOptions = {}) {
  let current = initial;
  const calls: Call[] = [];
  answerApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    if (url === `/api/v1/workflows/${workflowId}` && method === 'PUT') {
      if (onSave) return onSave(body);
      current = { ...current, ...body, forms: current.forms, revision: current.revision + 1 };
      return [200, current];
    }
    if (url === `/api/v1/workflows/${workflowId}/publish`) {
      if (onPublish) return onPublish();
      current = { ...current, publishedVersion: (current.publishedVersion ?? 0) + 1, hasUnpublishedChanges: false };
      return [200, current];
    }
    if (url === `/api/v1/workflows/${workflowId}`) return [200, current];
    if (url === '/api/v1/workflows/people') {
      return [200, { users: [{ id: userId, name: 'Mia Manager', email: 'mia@example.com' }], groups: [] }];
    }
    if (url === `/api/v1/forms/${formId}`) return [200, orderForm];
    if (url.startsWith('/api/v1/forms')) {
      return [200, { forms: [{ id: formId, title: 'Order form' }], total: 1, page: 1, pageSize: 100 }];
    }
    return [404, { error: { code: 'NOT_FOUND', message: 'x' } }];
  });
  return calls;
}
