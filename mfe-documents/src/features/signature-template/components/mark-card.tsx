import type { SignatureMark, SignatureMarkName } from '@formwerk/contracts';
import { formatDateTime, useLocale } from '@formwerk/platform';
import { Button, Icon } from '@formwerk/ui';
import { Pencil, Plus, Trash2 } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { signatureMarkImageUrl } from '../api/signature-marks-api';

type MarkCardProps = {
  name: SignatureMarkName;
  mark: SignatureMark | null;
  isEditing: boolean;
  onEdit: () => void;
  onDelete: () => void;
};

/** The id of a card's create or replace button, where focus returns when the editor closes. */
export const editButtonIdOf = (name: SignatureMarkName) => `signature-mark-${name}-edit`;

/** One saved mark as it will appear on documents, or what it is for while none is saved. */
export function MarkCard({ name, mark, isEditing, onEdit, onDelete }: MarkCardProps) {
  const { t } = useTranslation('documents');
  const locale = useLocale();
  const headingId = `signature-mark-${name}`;
  const title = t(`signatureTemplate.marks.${name}.title`);
  return (
    <section className="ui-card signature-card" aria-labelledby={headingId}>
      <h2 id={headingId}>{title}</h2>
      {mark ? (
        <>
          <div className="signature-preview">
            <img
              src={signatureMarkImageUrl(name, mark)}
              alt={
                mark.kind === 'typed'
                  ? t(`signatureTemplate.marks.${name}.altTyped`, { text: mark.typedText })
                  : t(`signatureTemplate.marks.${name}.alt`)
              }
              width={mark.width}
              height={mark.height}
            />
          </div>
          <p className="ui-hint">
            {t(`signatureTemplate.card.kind.${mark.kind}`, { date: formatDateTime(new Date(mark.updatedAt), locale) })}
          </p>
        </>
      ) : (
        <div className="signature-card__empty">
          <p>{t(`signatureTemplate.marks.${name}.empty`)}</p>
        </div>
      )}
      <div className="signature-card__actions">
        <Button
          id={editButtonIdOf(name)}
          variant={mark ? 'secondary' : 'primary'}
          aria-expanded={isEditing}
          onClick={onEdit}
          aria-describedby={headingId}
        >
          <Icon icon={mark ? Pencil : Plus} />
          {mark ? t('signatureTemplate.card.replace') : t('signatureTemplate.card.create')}
        </Button>
        {mark ? (
          <Button variant="secondary" className="ui-button--danger" onClick={onDelete} aria-describedby={headingId}>
            <Icon icon={Trash2} />
            {t('signatureTemplate.card.delete')}
          </Button>
        ) : null}
      </div>
    </section>
  );
}
