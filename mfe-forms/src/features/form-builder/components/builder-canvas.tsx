import { useTranslation } from 'react-i18next';
import { useShallow } from 'zustand/shallow';
import { useFormBuilderStore } from '../stores/form-builder-store';
import { createPage } from '../utils/create-field';
import { PageSection } from './page-section';

type BuilderCanvasProps = {
  /** The page a drag is over, to show where it lands. */
  overPageId: string | null;
  /** The field being dragged and its page, which keeps it drawn wherever the drag goes. */
  dragged: { fieldId: string; pageId: string } | null;
};

/**
 * The pages of the form, in order, and the button that adds one. It selects only the pages' ids: an edit
 * inside a page draws that page alone.
 */
export function BuilderCanvas({ overPageId, dragged }: BuilderCanvasProps) {
  const { t } = useTranslation('forms');
  const pageIds = useFormBuilderStore(useShallow((state) => state.definition?.pages.map((page) => page.id) ?? []));

  const onAddPage = () => {
    const page = createPage();
    const { edit, select } = useFormBuilderStore.getState();
    edit((draft) => {
      draft.pages.push(page);
    });
    select({ kind: 'page', id: page.id });
  };

  return (
    <section className="builder-canvas" aria-label={t('builder.canvas.label')}>
      {pageIds.map((pageId, index) => (
        <PageSection
          key={pageId}
          pageId={pageId}
          number={index + 1}
          pageCount={pageIds.length}
          isFirstPage={index === 0}
          isLastPage={index === pageIds.length - 1}
          isDropTarget={overPageId === pageId}
          draggedFieldId={dragged?.pageId === pageId ? dragged.fieldId : null}
        />
      ))}
      <button type="button" className="ui-button ui-button--secondary builder-canvas__add-page" onClick={onAddPage}>
        {t('builder.canvas.addPage')}
      </button>
    </section>
  );
}
