import {
  type Announcements,
  type CollisionDetection,
  DndContext,
  type DragEndEvent,
  DragOverlay,
  type DragStartEvent,
  KeyboardSensor,
  PointerSensor,
  pointerWithin,
  rectIntersection,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import type { TemplateFieldKind } from '@formwerk/contracts';
import { Button, ConfirmDialog, compactMedia, PageHeader, useDisclosure } from '@formwerk/ui';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazySendDialog } from '../../signing-send/components/lazy-send-dialog';
import type { SendSubject } from '../../signing-send/utils/send-form';
import { templateFileUrl } from '../api/templates-api';
import { useLeaveGuard } from '../hooks/use-leave-guard';
import { toSaved, useTemplatesStore } from '../stores/templates-store';
import { createId } from '../utils/create-id';
import { roleLookOf } from '../utils/role-look';
import { type Box, clampBox, fieldsMax, moveBox } from '../utils/template-geometry';
import { findSendProblem, findTemplateProblems } from '../utils/template-problems';
import { findVisiblePage } from '../utils/visible-page';
import { EditorNotices } from './editor-notices';
import { EditorPhoneBar } from './editor-phone-bar';
import { EditorToolbar } from './editor-toolbar';
import { FieldFace, roleStyle } from './field-face';
import { FieldKindIcon } from './field-kind-icon';
import { FieldPalette, type PaletteDragData } from './field-palette';
import { FieldSettings, fieldSettingsFirstId } from './field-settings';
import { type FieldDragData, placedFieldElementId } from './placed-field';
import { RolesPanel } from './roles-panel';
import { TemplatePages } from './template-pages';
import { TemplatePanel } from './template-panel';
// Also the look of a document's fields placed to send it (signing-send), which the list's page does not load.
import './templates.css';

type DragData = PaletteDragData | FieldDragData;

// Pointer drags land where the pointer is; keyboard drags (no pointer) on the page the field overlaps most.
const collisionDetection: CollisionDetection = (args) => {
  const within = pointerWithin(args);
  return within.length > 0 ? within : rectIntersection(args);
};

// Made once: options made anew on each render would have dnd-kit set its sensors up again each time.
const pointerOptions = { activationConstraint: { distance: 6 } };
// Space picks a field up and puts it down; Enter is left for its settings (placed-field.tsx).
const keyboardOptions = { keyboardCodes: { start: ['Space'], cancel: ['Escape'], end: ['Space', 'Enter'] } };

const focusSoon = (elementId: string) => requestAnimationFrame(() => document.getElementById(elementId)?.focus());

/** The field as it is now: read when needed, so that handlers made once never see an old draft. */
const findField = (fieldId: string) => useTemplatesStore.getState().draft?.fields.find((field) => field.id === fieldId);

function countBy<Item, Key>(items: Item[], keyOf: (item: Item) => Key): Map<Key, number> {
  const counts = new Map<Key, number>();
  for (const item of items) counts.set(keyOf(item), (counts.get(keyOf(item)) ?? 0) + 1);
  return counts;
}

/** The PDF the fields are placed on: where it is, and its number of pages. */
type EditorPdf = { fileUrl: string; pageCount: number };

type WorkspaceProps = {
  pdf: EditorPdf;
  /** Where "back" leads: the template list, or the library. */
  backHref: string;
};

/** What the send dialog sends: the stored template (as just saved), or the document with the fields placed. */
function sendSubjectOf(): SendSubject | null {
  const { mode, template, documentId, draft } = useTemplatesStore.getState();
  if (mode === 'template') {
    return template
      ? { source: { kind: 'template', templateId: template.id }, roles: template.roles, name: template.name }
      : null;
  }
  if (!documentId || !draft) return null;
  const { name, roles, fields } = toSaved(draft);
  return { source: { kind: 'document', documentId, roles, fields }, roles, name };
}

/**
 * The template (or the document to send) being edited, loaded into the store: the pages with their
 * fields, the palette, the settings and roles, joined by drag and drop. On a phone the palette and the
 * settings are sheets, one open at a time, behind the buttons of the phone bar. "Send" (a template:
 * saved first) or "Next: recipients" (a document) opens the send dialog.
 */
function TemplateWorkspace({ pdf, backHref }: WorkspaceProps) {
  const { t } = useTranslation('documents');
  const mode = useTemplatesStore((state) => state.mode);
  const draft = useTemplatesStore((state) => state.draft);
  const selectedFieldId = useTemplatesStore((state) => state.selectedFieldId);
  const activeRoleId = useTemplatesStore((state) => state.activeRoleId);
  const paletteKind = useTemplatesStore((state) => state.paletteKind);
  const placingKind = useTemplatesStore((state) => state.placingKind);
  const hasUnsavedChanges = useTemplatesStore((state) => state.change !== state.savedChange);
  const hasPlacedFields = useTemplatesStore((state) => (state.draft?.fields.length ?? 0) > 0);
  const [sendSubject, setSendSubject] = useState<SendSubject | null>(null);
  const [isSendProblemShown, setIsSendProblemShown] = useState(false);
  const [hasSent, setHasSent] = useState(false);
  const store = useTemplatesStore.getState();
  const frame = useRef<HTMLDivElement>(null);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<DragData | null>(null);
  const [currentPage, setCurrentPage] = useState(0);
  const sensors = useSensors(useSensor(PointerSensor, pointerOptions), useSensor(KeyboardSensor, keyboardOptions));
  const paletteButton = useRef<HTMLButtonElement>(null);
  const paletteSheet = useRef<HTMLElement>(null);
  const palette = useDisclosure({ trigger: paletteButton, panel: paletteSheet, media: compactMedia });
  const panelButton = useRef<HTMLButtonElement>(null);
  const panelSheet = useRef<HTMLElement>(null);
  // Its first setting takes focus, not the "Done" beside its title.
  const panel = useDisclosure({
    trigger: panelButton,
    panel: panelSheet,
    initialFocus: 'input, select',
    media: compactMedia,
  });
  // A template's changes are lost unsaved; a document's fields are never stored, so any are lost until sent.
  const hasWork = mode === 'template' ? hasUnsavedChanges : hasPlacedFields && !hasSent;
  const blocker = useLeaveGuard(hasWork, mode === 'template' ? 'template' : 'send');

  // Ctrl+S (⌘S) saves a template, as in every editor, instead of the browser saving the page; Escape stops placing.
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      const isTemplate = useTemplatesStore.getState().mode === 'template';
      if (isTemplate && (event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 's') {
        event.preventDefault();
        void useTemplatesStore.getState().save();
      } else if (event.key === 'Escape' && useTemplatesStore.getState().placingKind) {
        useTemplatesStore.getState().stopPlacing();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  const problems = useMemo(
    () => (draft ? findTemplateProblems(draft, { isNameNeeded: mode === 'template' }) : null),
    [draft, mode],
  );
  const sendProblem = draft && problems ? findSendProblem(draft, problems) : null;

  /** Opens the send dialog: a template once saved (its stored roles are sent), never while something is to fix. */
  const onSend = async () => {
    if (sendProblem) return setIsSendProblemShown(true);
    setIsSendProblemShown(false);
    const { mode: current, change, savedChange, save } = useTemplatesStore.getState();
    if (current === 'template' && change !== savedChange) {
      await save();
      // What failed (a conflict, the network) is said by the notices.
      if (useTemplatesStore.getState().saveState !== 'saved') return;
    }
    setSendSubject(sendSubjectOf());
  };
  const fieldCountByPage = useMemo(() => countBy(draft?.fields ?? [], (field) => field.page), [draft?.fields]);
  const fieldCountByRole = useMemo(() => countBy(draft?.fields ?? [], (field) => field.roleId), [draft?.fields]);
  const kindName = useCallback((kind: TemplateFieldKind) => t(`templates.kinds.${kind}`), [t]);

  /** Adds a field and gives it focus, so that the arrow keys move it at once; says why when none was added. */
  const place = useCallback(
    (kind: TemplateFieldKind, page: number, x: number, y: number) => {
      const { addField, draft: current } = useTemplatesStore.getState();
      const fieldId = addField(kind, page, x, y);
      if (!fieldId) {
        const isFull = (current?.fields.length ?? 0) >= fieldsMax;
        setAnnouncement(isFull ? t('templates.fields.tooMany', { max: fieldsMax }) : t('templates.palette.noRole'));
        return;
      }
      setAnnouncement(t('templates.fields.added', { kind: kindName(kind), page: page + 1 }));
      focusSoon(placedFieldElementId(fieldId));
    },
    [t, kindName],
  );

  const onAddAtCentre = () => {
    const visible = frame.current ? findVisiblePage(frame.current) : null;
    palette.close();
    place(paletteKind, visible?.page ?? currentPage, visible?.centreX ?? 0.5, visible?.centreY ?? 0.5);
  };

  const onChooseKind = (kind: TemplateFieldKind) => {
    store.chooseKind(kind);
    // On a phone the sheet gives way to the pages, to be pressed where the field goes.
    palette.close();
  };

  const onPagePress = useCallback(
    (page: number, x: number, y: number) => {
      const { placingKind: waiting, selectField } = useTemplatesStore.getState();
      if (waiting) place(waiting, page, x, y);
      else selectField(null);
    },
    [place],
  );

  const onGoToPage = (page: number) => {
    const element = frame.current?.querySelector<HTMLElement>(`[data-page-index="${page}"]`);
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
    setCurrentPage(page);
    palette.close();
  };

  const onSelect = useCallback((fieldId: string) => useTemplatesStore.getState().selectField(fieldId), []);
  const onMoveBy = useCallback((fieldId: string, dx: number, dy: number) => {
    const field = findField(fieldId);
    if (field) useTemplatesStore.getState().changeField(fieldId, moveBox(field, dx, dy));
  }, []);
  const onResize = useCallback(
    (fieldId: string, box: Box) => useTemplatesStore.getState().changeField(fieldId, box),
    [],
  );
  const onRemove = useCallback(
    (fieldId: string) => {
      const field = findField(fieldId);
      if (!field) return;
      useTemplatesStore.getState().removeField(fieldId);
      setAnnouncement(t('templates.fields.removed', { kind: kindName(field.kind), page: field.page + 1 }));
      // Focus stays on the page the field was on.
      frame.current?.querySelector<HTMLElement>(`[data-page-index="${field.page}"]`)?.focus({ preventScroll: true });
    },
    [t, kindName],
  );
  const onEdit = useCallback(
    (fieldId: string) => {
      useTemplatesStore.getState().selectField(fieldId);
      if (window.matchMedia(compactMedia).matches) panel.open();
      else focusSoon(fieldSettingsFirstId);
    },
    [panel.open],
  );

  const labelOf = (id: string | number) => {
    const key = String(id);
    if (key.startsWith('palette:')) return kindName(key.slice('palette:'.length) as TemplateFieldKind);
    const field = findField(key);
    return field ? (field.label ?? kindName(field.kind)) : '';
  };
  const pageOf = (overId: string | number | undefined) => Number(String(overId ?? '').replace('page:', '')) + 1;
  const announcements: Announcements = {
    onDragStart: ({ active }) => t('templates.dnd.start', { label: labelOf(active.id) }),
    onDragOver: ({ active, over }) =>
      over
        ? t('templates.dnd.over', { label: labelOf(active.id), page: pageOf(over.id) })
        : t('templates.dnd.outside', { label: labelOf(active.id) }),
    onDragEnd: ({ active, over }) =>
      over
        ? t('templates.dnd.end', { label: labelOf(active.id), page: pageOf(over.id) })
        : t('templates.dnd.cancel', { label: labelOf(active.id) }),
    onDragCancel: ({ active }) => t('templates.dnd.cancel', { label: labelOf(active.id) }),
  };

  const onDragStart = ({ active }: DragStartEvent) => setDragged((active.data.current as DragData) ?? null);

  /** Where a drag ended, in shares of the page it ended over: what the user saw (the drag preview) is kept. */
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    setDragged(null);
    const data = active.data.current as DragData | undefined;
    const rect = active.rect.current.translated;
    const pageIndex = (over?.data.current as { pageIndex?: number } | undefined)?.pageIndex;
    if (!data || !rect || pageIndex === undefined) return;
    const page = frame.current?.querySelector(`[data-page-index="${pageIndex}"]`)?.getBoundingClientRect();
    if (!page || page.width === 0 || page.height === 0) return;
    if (data.type === 'palette') {
      const centreX = (rect.left + rect.width / 2 - page.left) / page.width;
      const centreY = (rect.top + rect.height / 2 - page.top) / page.height;
      return place(data.kind, pageIndex, centreX, centreY);
    }
    const field = findField(data.fieldId);
    if (!field) return;
    const x = (rect.left - page.left) / page.width;
    const y = (rect.top - page.top) / page.height;
    store.changeField(data.fieldId, { page: pageIndex, ...clampBox({ ...field, x, y }) });
    focusSoon(placedFieldElementId(data.fieldId));
  };

  if (!draft || !problems) return null;
  const selectedField = draft.fields.find((field) => field.id === selectedFieldId);
  const draggedField = dragged?.type === 'field' ? draft.fields.find((field) => field.id === dragged.fieldId) : null;
  const draggedLook = draggedField
    ? roleLookOf(draft.roles.findIndex((role) => role.id === draggedField.roleId))
    : null;

  return (
    <DndContext
      sensors={sensors}
      collisionDetection={collisionDetection}
      accessibility={{ announcements, screenReaderInstructions: { draggable: t('templates.dnd.instructions') } }}
      onDragStart={onDragStart}
      onDragEnd={onDragEnd}
      onDragCancel={() => setDragged(null)}
    >
      <div className="ui-editor templates-editor">
        <EditorToolbar backHref={backHref} sendProblem={sendProblem} onSend={() => void onSend()} />
        <EditorNotices problemCount={problems.count} />
        {isSendProblemShown && sendProblem ? (
          <p className="ui-notice ui-notice--error templates-notice" role="alert">
            {t(sendProblem.key, sendProblem.values)}
          </p>
        ) : null}
        <p role="status" className="ui-visually-hidden">
          {announcement}
        </p>
        {placingKind ? (
          <div className="templates-placing">
            <p>{t('templates.placing.text', { kind: kindName(placingKind) })}</p>
            <Button variant="secondary" className="ui-button--small" onClick={store.stopPlacing}>
              {t('templates.cancel')}
            </Button>
          </div>
        ) : null}
        <div className="templates-workspace">
          <FieldPalette
            roles={draft.roles}
            activeRoleId={activeRoleId}
            paletteKind={paletteKind}
            pageCount={pdf.pageCount}
            currentPage={currentPage}
            fieldCountByPage={fieldCountByPage}
            isOpen={palette.isOpen}
            sheet={paletteSheet}
            onChoose={onChooseKind}
            onActiveRoleChange={store.setActiveRole}
            onAdd={onAddAtCentre}
            onGoToPage={onGoToPage}
          />
          <TemplatePages
            fileUrl={pdf.fileUrl}
            pageCount={pdf.pageCount}
            roles={draft.roles}
            fields={draft.fields}
            selectedFieldId={selectedFieldId}
            fieldProblems={problems.fields}
            frame={frame}
            isPlacing={placingKind !== null}
            onPagePress={onPagePress}
            onCurrentPageChange={setCurrentPage}
            onSelect={onSelect}
            onMoveBy={onMoveBy}
            onResize={onResize}
            onRemove={onRemove}
            onEdit={onEdit}
          />
          <TemplatePanel
            selectedField={selectedField}
            isOpen={panel.isOpen}
            sheet={panelSheet}
            onDone={() => {
              panel.close();
              panelButton.current?.focus();
            }}
            fieldSettings={
              selectedField ? (
                <FieldSettings
                  field={selectedField}
                  roles={draft.roles}
                  pageCount={pdf.pageCount}
                  problem={problems.fields.get(selectedField.id)}
                  onChange={(change) => store.changeField(selectedField.id, change)}
                  onRemove={() => onRemove(selectedField.id)}
                />
              ) : null
            }
            rolesPanel={
              <RolesPanel
                roles={draft.roles}
                fieldCountByRole={fieldCountByRole}
                unnamedRoleIds={problems.unnamedRoleIds}
                onAdd={() => {
                  const number = draft.roles.length + 1;
                  if (store.addRole(t('templates.roles.newName', { number }))) {
                    setAnnouncement(t('templates.roles.added', { number }));
                  }
                }}
                onChange={store.changeRole}
                onRemove={store.removeRole}
              />
            }
          />
          <EditorPhoneBar
            panel={{
              isOpen: panel.isOpen,
              button: panelButton,
              onToggle: () => {
                palette.close();
                panel.toggle();
              },
            }}
            palette={{
              isOpen: palette.isOpen,
              button: paletteButton,
              onToggle: () => {
                panel.close();
                palette.toggle();
              },
            }}
          />
        </div>
      </div>
      <DragOverlay dropAnimation={null}>
        {dragged?.type === 'palette' ? (
          <div className="templates-drag-chip">
            <FieldKindIcon kind={dragged.kind} />
            {kindName(dragged.kind)}
          </div>
        ) : draggedField && draggedLook ? (
          <div className="templates-field templates-field--overlay" style={roleStyle(draggedLook)}>
            <FieldFace field={draggedField} look={draggedLook} />
          </div>
        ) : null}
      </DragOverlay>
      <ConfirmDialog
        isOpen={blocker.state === 'blocked'}
        title={t('templates.leave.title')}
        confirmLabel={t('templates.leave.confirm')}
        cancelLabel={t('templates.leave.stay')}
        onConfirm={() => blocker.proceed?.()}
        onCancel={() => blocker.reset?.()}
      >
        <p>{mode === 'template' ? t('templates.leave.text') : t('templates.leave.sendText')}</p>
      </ConfirmDialog>
      <LazySendDialog
        isOpen={sendSubject !== null}
        subject={sendSubject}
        onClose={() => setSendSubject(null)}
        onSent={() => setHasSent(true)}
      />
    </DndContext>
  );
}

/**
 * /v1/documents/templates?template={id}: a template opened for editing. Read when opened, forgotten when
 * closed; while it cannot be read, says why and offers to try again.
 */
export function TemplateEditor({ templateId, listHref }: { templateId: string; listHref: string }) {
  const { t } = useTranslation('documents');
  const open = useTemplatesStore((state) => state.open);
  const reset = useTemplatesStore((state) => state.reset);
  const template = useTemplatesStore((state) => state.template);
  const loadErrorKey = useTemplatesStore((state) => state.loadErrorKey);

  useEffect(() => {
    void open(templateId);
    return reset;
  }, [templateId, open, reset]);

  if (loadErrorKey) {
    return (
      <div className="templates-editor">
        <PageHeader eyebrow={t('area')} title={t('templates.editor.title')} />
        <div className="ui-card templates-load-error">
          <p role="alert">{t(loadErrorKey)}</p>
          <div className="templates-notice__actions">
            <Button variant="secondary" onClick={() => void open(templateId)}>
              {t('templates.retry')}
            </Button>
            <Link to={listHref}>{t('templates.editor.back')}</Link>
          </div>
        </div>
      </div>
    );
  }
  if (template?.id !== templateId) {
    return <p role="status">{t('templates.editor.loading')}</p>;
  }
  return (
    <TemplateWorkspace
      pdf={{ fileUrl: templateFileUrl(template.id, { inline: true }), pageCount: template.pageCount }}
      backHref={listHref}
    />
  );
}

type DocumentSendEditorProps = {
  documentId: string;
  /** The document's name and number of pages. */
  known: { name: string; pageCount: number };
  fileUrl: string;
  libraryHref: string;
};

/**
 * A document of the library being prepared for signature without a template: the template editor in
 * `send` mode, starting with one signer. Nothing is stored until it is sent; leaving with fields placed
 * asks first.
 */
export function DocumentSendEditor({ documentId, known, fileUrl, libraryHref }: DocumentSendEditorProps) {
  const { t } = useTranslation('documents');
  const openDocument = useTemplatesStore((state) => state.openDocument);
  const reset = useTemplatesStore((state) => state.reset);
  const isOpen = useTemplatesStore((state) => state.mode === 'send' && state.documentId === documentId);
  const name = known.name.replace(/\.pdf$/i, '');
  const firstRoleName = t('templates.roles.newName', { number: 1 });

  useEffect(() => {
    openDocument(documentId, {
      name,
      roles: [{ id: createId(), name: firstRoleName, kind: 'signer', order: 1 }],
      fields: [],
    });
    return reset;
  }, [documentId, name, firstRoleName, openDocument, reset]);

  if (!isOpen) return <p role="status">{t('templates.editor.loading')}</p>;
  return <TemplateWorkspace pdf={{ fileUrl, pageCount: known.pageCount }} backHref={libraryHref} />;
}
