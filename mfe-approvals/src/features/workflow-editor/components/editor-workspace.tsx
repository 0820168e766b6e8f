import type { WorkflowNodeType } from '@formwerk/contracts';
import { compactMedia, useDisclosure } from '@formwerk/ui';
import { useReactFlow, useStoreApi } from '@xyflow/react';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useWorkflowEditorStore } from '../stores/workflow-editor-store';
import type { EditorProblem } from '../utils/editor-derivations';
import { type NodeSize, nodeWidth } from '../utils/graph-edits';
import { EditorPhoneBar } from './editor-phone-bar';
import { Inspector, inspectorTitleId } from './inspector';
import { NodePalette } from './node-palette';
import { ProblemsPanel, problemsTitleId } from './problems-panel';
import { WorkflowCanvas } from './workflow-canvas';

const isPhone = () => window.matchMedia(compactMedia).matches;
/** Focus moves once the element it goes to has been drawn. */
const afterPaint = (action: () => void) => requestAnimationFrame(() => requestAnimationFrame(action));
const focusCanvasElement = (elementId: string) =>
  [...document.querySelectorAll<HTMLElement>('.react-flow [data-id]')]
    .find((element) => element.dataset.id === elementId)
    ?.focus();

type EditorWorkspaceProps = {
  /** The sizes the canvas measured, by node id (the layout places nodes by them). */
  measured: Record<string, NodeSize>;
  onMeasured: (sizes: Record<string, NodeSize>) => void;
};

/**
 * The palette, the canvas, the inspector and the problems. On a phone the canvas keeps the screen and
 * the other three are sheets, one open at a time, behind the buttons of the phone bar.
 */
export function EditorWorkspace({ measured, onMeasured }: EditorWorkspaceProps) {
  const { t } = useTranslation('approvals');
  const { addNode, select } = useWorkflowEditorStore.getState();
  const canvasStore = useStoreApi();
  const { fitView } = useReactFlow();

  const paletteButton = useRef<HTMLButtonElement>(null);
  const paletteSheet = useRef<HTMLElement>(null);
  const palette = useDisclosure({ trigger: paletteButton, panel: paletteSheet, media: compactMedia });
  const inspectorButton = useRef<HTMLButtonElement>(null);
  const inspectorSheet = useRef<HTMLElement>(null);
  // Its first setting takes focus, not the "Done" beside its title.
  const inspector = useDisclosure({
    trigger: inspectorButton,
    panel: inspectorSheet,
    initialFocus: 'input, textarea, select',
    media: compactMedia,
  });
  const problemsButton = useRef<HTMLButtonElement>(null);
  const problemsSheet = useRef<HTMLElement>(null);
  // Its heading takes focus: it says how many problems there are, and there may be none to press.
  const problems = useDisclosure({
    trigger: problemsButton,
    panel: problemsSheet,
    initialFocus: `#${problemsTitleId}`,
    media: compactMedia,
  });

  const openInspector = () => {
    if (isPhone()) {
      palette.close();
      problems.close();
      inspector.open();
    } else afterPaint(() => document.getElementById(inspectorTitleId)?.focus());
  };

  const addAt = (type: WorkflowNodeType, position: { x: number; y: number }) => {
    addNode(type, position, t(`workflows.newNode.${type}`));
    palette.close();
    // The new node's settings are what the author goes on with: its label where it has one.
    if (isPhone()) inspector.open();
    else
      afterPaint(() =>
        (document.getElementById('workflow-inspector-label') ?? document.getElementById(inspectorTitleId))?.focus(),
      );
  };

  /** A press on the palette adds in the middle of what the canvas shows. */
  const onAdd = (type: WorkflowNodeType) => {
    const { width, height, transform } = canvasStore.getState();
    const [x, y, zoom] = transform;
    addAt(type, { x: (width / 2 - x) / zoom - nodeWidth / 2, y: (height / 2 - y) / zoom - 40 });
  };

  const onShowProblem = (problem: EditorProblem) => {
    const elementId = problem.nodeId ?? problem.edgeId;
    if (!elementId) return;
    select(problem.nodeId ? { kind: 'node', id: problem.nodeId } : { kind: 'edge', id: elementId });
    problems.close();
    if (problem.nodeId) void fitView({ nodes: [{ id: problem.nodeId }], maxZoom: 1, duration: 300 });
    afterPaint(() => focusCanvasElement(elementId));
  };

  const toggleOnly = (chosen: ReturnType<typeof useDisclosure>) => () => {
    for (const other of [palette, inspector, problems]) if (other !== chosen) other.close();
    chosen.toggle();
  };

  return (
    <div className="workflow-workspace">
      <NodePalette onAdd={onAdd} isOpen={palette.isOpen} sheet={paletteSheet} />
      <WorkflowCanvas onAddAt={addAt} onOpenInspector={openInspector} measured={measured} onMeasured={onMeasured} />
      <Inspector
        isOpen={inspector.isOpen}
        sheet={inspectorSheet}
        onDone={() => {
          inspector.close();
          inspectorButton.current?.focus();
        }}
      />
      <ProblemsPanel isOpen={problems.isOpen} sheet={problemsSheet} onShow={onShowProblem} />
      <EditorPhoneBar
        palette={{ isOpen: palette.isOpen, button: paletteButton, onToggle: toggleOnly(palette) }}
        inspector={{ isOpen: inspector.isOpen, button: inspectorButton, onToggle: toggleOnly(inspector) }}
        problems={{ isOpen: problems.isOpen, button: problemsButton, onToggle: toggleOnly(problems) }}
      />
    </div>
  );
}
