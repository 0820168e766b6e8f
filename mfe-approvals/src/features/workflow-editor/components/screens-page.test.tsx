import type { WorkflowGraph } from '@formwerk/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { serveWorkflow, storedWorkflow, validGraph, workflowId } from '../testing/serve-workflow';

/** The valid graph, its step "Manager" showing the screen "Purchasing". */
const withScreen: WorkflowGraph = {
  ...validGraph,
  nodes: validGraph.nodes.map((node) => (node.type === 'approval' ? { ...node, screenId: 's1' } : node)),
  screens: [{ id: 's1', name: 'Purchasing', fields: { amount: 'editable' }, extraFields: [] }],
};

type SavedGraph = { graph: WorkflowGraph };
const savedGraphs = (calls: ReturnType<typeof serveWorkflow>) =>
  calls.filter((call) => call.method === 'PUT').map((call) => (call.body as SavedGraph).graph);

beforeEach(() => {
  useWorkflowEditorStore.setState({ workflowId: null, change: 0, savedChange: 0 });
});

describe('the screens of a workflow', () => {
  it('lists each screen with the steps showing it, creates one and saves them with the workflow', async () => {
    const calls = serveWorkflow(storedWorkflow(withScreen));
    await renderPage(`/en/v1/workflow/${workflowId}/screen`);
    const table = await screen.findByRole('table', { name: '1 screen' });
    const [row] = within(table).getAllByRole('row').slice(1);
    expect(
      within(row as HTMLElement)
        .getAllByRole('cell')
        .slice(0, 3)
        .map((cell) => cell.textContent),
    ).toEqual(['Purchasing', 'Manager', '1 editable · 0 hidden · 0 extra']);
    expect(screen.getByRole('link', { name: 'Purchasing' }).getAttribute('href')).toBe(
      `/en/v1/workflow/${workflowId}/screen/s1`,
    );

    fireEvent.change(screen.getByLabelText('Name of the new screen'), { target: { value: 'Finance' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create screen' }));
    expect(await screen.findByRole('table', { name: '2 screens' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(screen.getByText('Saved', { selector: '.ui-save-status' })).toBeTruthy());
    expect(savedGraphs(calls)[0]?.screens.map((saved) => saved.name)).toEqual(['Purchasing', 'Finance']);
  });

  it('removing a screen in use, once confirmed, sets its steps back to showing every answer', async () => {
    const calls = serveWorkflow(storedWorkflow(withScreen));
    await renderPage(`/en/v1/workflow/${workflowId}/screen`);
    fireEvent.click(await screen.findByRole('button', { name: 'Remove “Purchasing”' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove “Purchasing”?' });
    expect(within(dialog).getByText('The steps Manager then show every answer again, read-only.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Remove' }));
    expect(await screen.findByText(/No screens yet/)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedGraphs(calls)).toHaveLength(1));
    const [saved] = savedGraphs(calls);
    expect(saved?.screens).toEqual([]);
    expect(saved?.nodes.find((node) => node.id === 'manager')).not.toHaveProperty('screenId');
  });

  it('on a screen, sets what approvers may do with each field and adds a field they fill', async () => {
    const calls = serveWorkflow(storedWorkflow(withScreen));
    await renderPage(`/en/v1/workflow/${workflowId}/screen/s1`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Purchasing' })).toBeTruthy();
    expect(screen.getByText('Shown in: Manager.')).toBeTruthy();
    expect(screen.getByRole<HTMLSelectElement>('combobox', { name: 'Amount' }).value).toBe('editable');
    fireEvent.change(screen.getByRole('combobox', { name: 'Your manager' }), { target: { value: 'hidden' } });
    fireEvent.change(screen.getByRole('combobox', { name: 'Amount' }), { target: { value: 'readonly' } });

    fireEvent.click(screen.getByRole('button', { name: 'Add an extra field' }));
    fireEvent.change(screen.getByRole('textbox', { name: 'Label' }), { target: { value: 'Cost centre' } });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Required' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(savedGraphs(calls)).toHaveLength(1));
    expect(savedGraphs(calls)[0]?.screens[0]).toMatchObject({
      id: 's1',
      fields: { boss: 'hidden' },
      extraFields: [{ label: 'Cost centre', type: 'shortText', required: true }],
    });
  });
});
