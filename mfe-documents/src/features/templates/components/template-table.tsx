import type { DocumentTemplateSummary } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button, Icon, TableFrame } from '@formwerk/ui';
import { Copy, Pencil, Send, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

type TemplateTableProps = {
  labelledBy: string;
  templates: DocumentTemplateSummary[];
  isLoading: boolean;
  /** The address of the editor of a template. */
  hrefOf: (templateId: string) => string;
  onSend: (template: DocumentTemplateSummary) => void;
  onDuplicate: (template: DocumentTemplateSummary) => void;
  onDelete: (template: DocumentTemplateSummary) => void;
};

/**
 * The templates of one page, newest first: what each holds (pages, roles, fields) and who changed it
 * last. The name opens the editor; every action (edit, send for signature, duplicate, delete) is a
 * button in its row, named by the template for screen readers.
 */
export function TemplateTable({
  labelledBy,
  templates,
  isLoading,
  hrefOf,
  onSend,
  onDuplicate,
  onDelete,
}: TemplateTableProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  return (
    <TableFrame labelledBy={labelledBy}>
      <table className="ui-table templates-table" aria-labelledby={labelledBy} aria-busy={isLoading}>
        <thead>
          <tr>
            <th scope="col">{t('templates.columns.name')}</th>
            <th scope="col" className="templates-table__number">
              {t('templates.columns.pages')}
            </th>
            <th scope="col" className="templates-table__number">
              {t('templates.columns.roles')}
            </th>
            <th scope="col" className="templates-table__number">
              {t('templates.columns.fields')}
            </th>
            <th scope="col">{t('templates.columns.updatedBy')}</th>
            <th scope="col">{t('templates.columns.updatedAt')}</th>
            <th scope="col">{t('templates.columns.actions')}</th>
          </tr>
        </thead>
        <tbody>
          {templates.map((template) => {
            // After the visible word, for screen readers only: each of the many equal buttons gets a name of its own.
            const quoted = (
              <>
                {' '}
                <span className="ui-visually-hidden">{t('templates.quoted', { text: template.name })}</span>
              </>
            );
            return (
              <tr key={template.id}>
                <td className="templates-table__name">
                  <Link to={hrefOf(template.id)}>{template.name}</Link>
                </td>
                <td className="templates-table__number">{template.pageCount}</td>
                <td className="templates-table__number">{template.roleCount}</td>
                <td className="templates-table__number">{template.fieldCount}</td>
                <td>{template.updatedBy.name}</td>
                <td>
                  <time dateTime={template.updatedAt}>{formatDateTime(new Date(template.updatedAt), locale)}</time>
                </td>
                <td>
                  <div className="templates-table__actions">
                    <Link className="ui-button ui-button--ghost ui-button--small" to={hrefOf(template.id)}>
                      <Icon icon={Pencil} />
                      {t('templates.actions.edit')}
                      {quoted}
                    </Link>
                    <Button variant="ghost" className="ui-button--small" onClick={() => onSend(template)}>
                      <Icon icon={Send} />
                      {t('templates.actions.send')}
                      {quoted}
                    </Button>
                    <Button variant="ghost" className="ui-button--small" onClick={() => onDuplicate(template)}>
                      <Icon icon={Copy} />
                      {t('templates.actions.duplicate')}
                      {quoted}
                    </Button>
                    <Button
                      variant="ghost"
                      className="ui-button--small ui-button--danger"
                      onClick={() => onDelete(template)}
                    >
                      <Icon icon={Trash2} />
                      {t('templates.actions.delete')}
                      {quoted}
                    </Button>
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </TableFrame>
  );
}
