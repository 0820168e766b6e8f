// How quickly the workflow editor answers on big workflows: for graphs of 10, 50 and 100 steps, the
// durations Chromium's Event Timing API reports (input until the next paint) for selecting a step (Enter),
// typing in its label, arranging the graph and undoing, in the signed-in editor of a started site
// (`npm start`). Prints the slowest interaction of each kind, the median of three runs per size.
// Figures, not a test: the goal (issue 15) is an edit ≤ 100 ms with 50 nodes.

import { chromium } from '@playwright/test';
import { runOnCurrentNode } from '../scripts/lib/node-runtime.mjs';
import { baseURL, csrfHeader, measureInteractions, slowestOf } from './browser-support.mjs';

await runOnCurrentNode();

const sizes = [10, 50, 100];
const runsPerSize = 3;

/**
 * A draft of `count` nodes: start, a chain of approval steps (each approved way to the next, each
 * rejected way to the rejected end), and the two ends; laid out left to right, four steps to a row.
 */
function chainOf(count, assigneeId) {
  const steps = Array.from({ length: count - 3 }, (_, index) => ({
    id: `s${index}`,
    type: 'approval',
    position: { x: 280 * (index % 4) + 280, y: 220 * Math.floor(index / 4) },
    label: `Schritt ${index + 1}`,
    assignees: [{ kind: 'user', userId: assigneeId }],
    mode: 'vote',
    rule: { kind: 'any' },
  }));
  const lastRow = Math.floor(steps.length / 4) + 1;
  const nodes = [
    { id: 'start', type: 'start', position: { x: 0, y: 0 } },
    ...steps,
    { id: 'yes', type: 'end', outcome: 'approved', position: { x: 280, y: 220 * lastRow } },
    { id: 'no', type: 'end', outcome: 'rejected', position: { x: 560, y: 220 * lastRow } },
  ];
  const edges = [{ id: 'e-start', source: 'start', sourceHandle: 'out', target: 's0' }];
  steps.forEach((step, index) => {
    const next = steps[index + 1]?.id ?? 'yes';
    edges.push({ id: `e-${step.id}-a`, source: step.id, sourceHandle: 'approved', target: next });
    edges.push({ id: `e-${step.id}-r`, source: step.id, sourceHandle: 'rejected', target: 'no' });
  });
  return { nodes, edges, screens: [] };
}

async function createWorkflow(context, count) {
  const headers = await csrfHeader(context);
  const people = await (await context.request.get(`${baseURL}/api/v1/workflows/people`)).json();
  const created = await (
    await context.request.post(`${baseURL}/api/v1/workflows`, { data: { name: `Bench ${count}` }, headers })
  ).json();
  const saved = await context.request.put(`${baseURL}/api/v1/workflows/${created.id}`, {
    data: {
      name: `Bench ${count}`,
      description: '',
      formIds: [],
      graph: chainOf(count, people.users[0].id),
      revision: 0,
    },
    headers,
  });
  if (saved.status() !== 200) throw new Error(`Saving the workflow answered ${saved.status()}: ${await saved.text()}`);
  return created.id;
}

async function runOnce(browser, state, workflowId) {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 }, storageState: state });
  try {
    const page = await context.newPage();
    await page.goto(`${baseURL}/en/v1/workflow/${workflowId}`);
    // A step in the middle of the chain: what an author works on. Selected by the keyboard (Enter on
    // the focused step), which works wherever the canvas has scrolled it.
    const node = page.locator('.react-flow__node[data-id="s5"]');
    await node.waitFor({ state: 'attached', timeout: 60_000 });
    await page.waitForTimeout(500);
    await node.focus();
    const select = await slowestOf(page, () => page.keyboard.press('Enter'));
    const label = page.getByRole('complementary', { name: 'Settings' }).getByLabel('Label', { exact: true });
    await label.waitFor();
    const type = await slowestOf(page, () => label.pressSequentially(' neu', { delay: 50 }));
    const arrange = await slowestOf(page, () => page.getByRole('button', { name: 'Arrange' }).click());
    const undo = await slowestOf(page, () => page.keyboard.press('Control+z'));
    return { select, type, arrange, undo };
  } finally {
    await context.close();
  }
}

await measureInteractions(chromium, {
  title: "The workflow editor's slowest interaction of each kind",
  unit: 'nodes',
  sizes,
  kinds: ['select', 'type', 'arrange', 'undo'],
  runs: runsPerSize,
  create: createWorkflow,
  runOnce,
});
