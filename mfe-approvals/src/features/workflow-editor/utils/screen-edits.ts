import type { ScreenFieldAccess, WorkflowGraph, WorkflowScreen } from '@formwerk/contracts';
import { newId } from './graph-edits';

// Edits of a workflow's screens, as Immer recipes on its graph (see graph-edits.ts).

/** Adds an empty screen (every answer read-only, nothing to fill) and returns it. */
export function addScreen(graph: WorkflowGraph, name: string): WorkflowScreen {
  const screen: WorkflowScreen = { id: newId('s'), name, fields: {}, extraFields: [] };
  graph.screens.push(screen);
  return screen;
}

/** Removes a screen; the steps that showed it show every answer read-only again, rather than a missing screen. */
export function removeScreen(graph: WorkflowGraph, screenId: string): void {
  graph.screens = graph.screens.filter((screen) => screen.id !== screenId);
  for (const node of graph.nodes) {
    if (node.type === 'approval' && node.screenId === screenId) node.screenId = undefined;
  }
}

/** Sets what approvers may do with a form field; read-only is the default, so it is not stored. */
export function setFieldAccess(screen: WorkflowScreen, fieldId: string, access: ScreenFieldAccess): void {
  if (access === 'readonly') delete screen.fields[fieldId];
  else screen.fields[fieldId] = access;
}

/** The approval steps that show `screenId`. */
export const stepsShowing = (graph: WorkflowGraph, screenId: string) =>
  graph.nodes.filter((node) => node.type === 'approval' && node.screenId === screenId);
