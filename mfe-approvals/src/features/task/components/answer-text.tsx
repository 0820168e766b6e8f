import { type AnswerValue, type FileAnswer, type FormField, isEmptyAnswer } from '@formwerk/contracts';
import { formatDate, intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

const isFileList = (value: AnswerValue): value is FileAnswer[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object');

type AnswerTextProps = { field: FormField; value: AnswerValue | undefined };

/** One answer read-only, as the form asked for it: choices by their label, numbers and dates the local way. */
export function AnswerText({ field, value }: AnswerTextProps) {
  const { t } = useTranslation('approvals');
  const locale = useLocale();
  if (value === undefined || isEmptyAnswer(value)) return <span className="ui-hint">{t('inbox.task.noAnswer')}</span>;
  if (typeof value === 'boolean') return <>{t(value ? 'inbox.task.yes' : 'inbox.task.no')}</>;
  if (typeof value === 'number') {
    const number = new Intl.NumberFormat(intlLocales[locale]).format(value);
    return <>{field.type === 'rating' ? t('inbox.task.rating', { value: number, max: field.max }) : number}</>;
  }
  if (isFileList(value)) {
    if (field.type === 'signature') return <>{t('inbox.task.signed')}</>;
    return (
      <ul>
        {value.map((file) => (
          <li key={file.fileId}>
            <a href={`/api/v1/files/${file.fileId}`} download={file.name}>
              {file.name}
            </a>
          </li>
        ))}
      </ul>
    );
  }
  const choices = 'choices' in field ? field.choices : [];
  const labelOf = (id: string) => choices.find((choice) => choice.id === id)?.label ?? id;
  if (Array.isArray(value)) {
    return (
      <ul>
        {value.map((item) => (
          <li key={item}>{labelOf(item)}</li>
        ))}
      </ul>
    );
  }
  // Dates are stored as YYYY-MM-DD; read at local midnight they stay the same calendar day.
  if (field.type === 'date') return <>{formatDate(new Date(`${value}T00:00:00`), locale)}</>;
  return <>{labelOf(value)}</>;
}
