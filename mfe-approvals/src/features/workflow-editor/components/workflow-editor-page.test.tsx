import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import { formId, invalidGraph, serveWorkflow, storedWorkflow, validGraph, workflowId } from '../testing/serve-workflow';

const canvasNode = (name: string) => screen.getByRole('group', { name });
const problemsList = () => screen.getByRole('region', { name: /problem/i });

beforeEach(() => {
  useWorkflowEditorStore.setState({ workflowId: null, change: 0, savedChange: 0 });
});

describe('the workflow editor', () => {
  it('marks the steps of an invalid graph on the canvas, lists the problems in words, and a problem leads to its step', async () => {
    serveWorkflow(storedWorkflow(invalidGraph));
    await renderPage(`/en/v1/workflow/${workflowId}`);
    const manager = await screen.findByRole('group', { name: 'Approval: Manager' });
    expect(within(manager).getByText('2 problems')).toBeTruthy();
    const description = (manager.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent)
      .join(' ');
    expect(description).toContain('“Manager” has nobody to decide.');
    expect(description).toContain('“Manager”: the way “Rejected” leads nowhere.');
    expect(within(manager).getByText('Approved')).toBeTruthy();
    expect(within(manager).getByText('Rejected')).toBeTruthy();

    const problems = within(problemsList())
      .getAllByRole('button')
      .map((button) => button.textContent);
    expect(problems).toEqual(['“Manager”: the way “Rejected” leads nowhere.', '“Manager” has nobody to decide.']);
    fireEvent.click(within(problemsList()).getByRole('button', { name: '“Manager” has nobody to decide.' }));
    await waitFor(() => expect(document.activeElement).toBe(canvasNode('Approval: Manager')));
    expect(screen.getByRole('textbox', { name: 'Label' })).toHaveProperty('value', 'Manager');
  });

  it('with nothing selected, lists the published versions, newest first', async () => {
    serveWorkflow({
      ...storedWorkflow(validGraph),
      publishedVersion: 2,
      versions: [
        { version: 2, publishedAt: '2026-11-20T10:00:00.000Z', publishedBy: 'Olga Owner' },
        { version: 1, publishedAt: '2026-11-02T08:30:00.000Z', publishedBy: 'Ben' },
      ],
    });
    await renderPage(`/en/v1/workflow/${workflowId}`);
    const versions = await screen.findByRole('region', { name: 'Versions' });
    expect(
      within(versions)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      expect.stringMatching(/^Version 2 · .*2026.* · Olga Owner$/),
      expect.stringMatching(/^Version 1 · .*2026.* · Ben$/),
    ]);
  });

  it('does not ask the api to publish an invalid graph, and says why', async () => {
    const calls = serveWorkflow(storedWorkflow(invalidGraph));
    await renderPage(`/en/v1/workflow/${workflowId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish as version 1' }));
    expect(
      await screen.findByText('The workflow cannot be published like this. The marked places say why.'),
    ).toBeTruthy();
    expect(calls.some((call) => call.url.endsWith('/publish'))).toBe(false);
  });

  it('saves the latest edits with their revision, then publishes and names the version', async () => {
    const calls = serveWorkflow(storedWorkflow(validGraph, { publishedVersion: 2 }));
    await renderPage(`/en/v1/workflow/${workflowId}`);
    expect(await within(problemsList()).findByText('No problems: the workflow can be published.')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Name of the workflow'), { target: { value: 'Purchases' } });
    expect(screen.getByText('Unsaved changes', { selector: '.ui-save-status' })).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: 'Publish as version 3' }));
    expect(
      await screen.findByText(
        'Version 3 is published. New submissions run on it from now on; running requests stay on their version.',
      ),
    ).toBeTruthy();
    const sent = calls.filter((call) => call.method !== 'GET');
    expect(sent.map((call) => [call.method, call.url])).toEqual([
      ['PUT', `/api/v1/workflows/${workflowId}`],
      ['POST', `/api/v1/workflows/${workflowId}/publish`],
    ]);
    expect(sent[0]?.body).toMatchObject({ name: 'Purchases', revision: 4, formIds: [formId] });
    expect(sent[1]?.body).toEqual({ revision: 5 });
    expect(screen.getByText('Saved', { selector: '.ui-save-status' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Publish as version 4' })).toBeTruthy();
  });

  it('when the api still refuses to publish, lists the problems it names', async () => {
    serveWorkflow(storedWorkflow(validGraph), {
      onPublish: () => [
        400,
        {
          error: {
            code: 'WORKFLOW_INVALID',
            message: 'x',
            details: { problems: [{ code: 'FIELD_MISSING', nodeId: 'manager', ref: 'gone' }] },
          },
        },
      ],
    });
    await renderPage(`/en/v1/workflow/${workflowId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Publish as version 1' }));
    expect(
      await within(problemsList()).findByRole('button', {
        name: '“Manager” uses the field “gone”, which not every attached form has.',
      }),
    ).toBeTruthy();
    expect(within(canvasNode('Approval: Manager')).getByText('1 problem')).toBeTruthy();
  });

  it('when someone saved in between, keeps the edits, says so, and can load the stored version instead', async () => {
    const calls = serveWorkflow(storedWorkflow(validGraph), {
      onSave: () => [409, { error: { code: 'VERSION_CONFLICT', message: 'x' } }],
    });
    await renderPage(`/en/v1/workflow/${workflowId}`);
    fireEvent.change(await screen.findByLabelText('Name of the workflow'), { target: { value: 'Mine' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const notice = await screen.findByRole('alert');
    expect(within(notice).getByRole('heading', { name: 'The workflow was changed elsewhere' })).toBeTruthy();
    expect(notice.textContent).toContain(
      'The workflow was changed elsewhere in the meantime. Reload it to see the newest version.',
    );
    expect(screen.getByLabelText<HTMLInputElement>('Name of the workflow').value).toBe('Mine');

    fireEvent.click(within(notice).getByRole('button', { name: 'Load the saved version (discard mine)' }));
    await waitFor(() =>
      expect(screen.getByLabelText<HTMLInputElement>('Name of the workflow').value).toBe('Purchase orders'),
    );
    expect(calls.filter((call) => call.method === 'PUT')).toHaveLength(1);
  });

  it('adds a step from the palette, names it, connects its way out from the keyboard, and undoes and redoes with the keys', async () => {
    serveWorkflow(storedWorkflow(validGraph));
    await renderPage(`/en/v1/workflow/${workflowId}`);
    const palette = await screen.findByRole('complementary', { name: 'Add a step' });
    fireEvent.click(within(palette).getByRole('button', { name: 'Notification' }));

    const label = await screen.findByRole('textbox', { name: 'Label' });
    expect(label).toHaveProperty('value', 'New notification');
    fireEvent.change(label, { target: { value: 'Tell accounting' } });
    const node = canvasNode('Notification: Tell accounting');
    expect(within(node).getByText('Next')).toBeTruthy();
    expect(
      within(problemsList()).getByRole('button', { name: '“Tell accounting” has nobody to notify.' }),
    ).toBeTruthy();

    const next = () => screen.getByRole<HTMLSelectElement>('combobox', { name: '“Next” leads to' });
    const nowhere = '“Tell accounting”: the way “Next” leads nowhere.';
    expect(within(problemsList()).getByRole('button', { name: nowhere })).toBeTruthy();
    fireEvent.change(next(), { target: { value: 'done' } });
    expect(within(problemsList()).queryByRole('button', { name: nowhere })).toBeNull();

    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true });
    expect(next().value).toBe('');
    expect(within(problemsList()).getByRole('button', { name: nowhere })).toBeTruthy();
    fireEvent.keyDown(document.body, { key: 'z', ctrlKey: true, shiftKey: true });
    expect(next().value).toBe('done');
  });

  it('on a phone, opens the palette, the settings and the problems as sheets from the bar, one at a time', async () => {
    serveWorkflow(storedWorkflow(invalidGraph));
    await renderPage(`/en/v1/workflow/${workflowId}`);
    const addButton = await screen.findByRole('button', { name: 'Add', expanded: false });
    const settingsButton = screen.getByRole('button', { name: 'Settings', expanded: false });
    fireEvent.click(addButton);
    expect(addButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement?.textContent).toBe('Start');

    fireEvent.click(screen.getByRole('button', { name: 'Notification' }));
    expect(addButton.getAttribute('aria-expanded')).toBe('false');
    expect(settingsButton.getAttribute('aria-expanded')).toBe('true');
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Label' }));

    const problemsButton = screen.getByRole('button', { name: '5 problems' });
    fireEvent.click(problemsButton);
    expect(settingsButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '5 problems' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(problemsButton.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(problemsButton);
  });

  it('in German, names the palette, the outcomes and the save state in German', async () => {
    serveWorkflow(storedWorkflow(invalidGraph));
    await renderPage(`/v1/workflow/${workflowId}`);
    const manager = await screen.findByRole('group', { name: 'Freigabe: Manager' });
    expect(within(manager).getByText('Freigegeben')).toBeTruthy();
    expect(within(manager).getByText('Abgelehnt')).toBeTruthy();
    expect(screen.getByText('Gespeichert', { selector: '.ui-save-status' })).toBeTruthy();
    expect(within(problemsList()).getByText('„Manager“ hat niemanden, der entscheidet.')).toBeTruthy();
  });
});
