import { type AnswerValue, type FileAnswer, type FormField, isEmptyAnswer } from '@formwerk/contracts';
import { formatDate, intlLocales, useLocale } from '@formwerk/platform';
import { useTranslation } from 'react-i18next';

const isFileList = (value: AnswerValue): value is FileAnswer[] =>
  Array.isArray(value) && value.every((item) => typeof item === 'object');

type AnswerViewProps = {
  /** Undefined for an answer to a field removed from the form since: shown as stored. */
  field: FormField | undefined;
  value: AnswerValue | undefined;
};

/** One answer as the form asked for it: choices by their label, numbers and dates the local way. */
export function AnswerView({ field, value }: AnswerViewProps) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const takesFiles = field?.type === 'fileUpload' || field?.type === 'signature';
  if (value === undefined || isEmptyAnswer(value)) {
    return (
      <span className="ui-hint">{t(takesFiles ? 'submissions.detail.noFile' : 'submissions.detail.noAnswer')}</span>
    );
  }
  if (typeof value === 'boolean') return <>{t(`submissions.answer.${value ? 'yes' : 'no'}`)}</>;
  if (typeof value === 'number') {
    const number = new Intl.NumberFormat(intlLocales[locale]).format(value);
    return <>{field?.type === 'rating' ? t('submissions.detail.rating', { value: number, max: field.max }) : number}</>;
  }
  if (isFileList(value)) {
    const size = new Intl.NumberFormat(intlLocales[locale], {
      style: 'unit',
      unit: 'kilobyte',
      maximumFractionDigits: 0,
    });
    if (field?.type === 'signature') {
      // The api shows only PNGs inline, and only to the team: the signature as drawn.
      return (
        <>
          {value.map((file) => (
            <img
              key={file.fileId}
              className="submission-signature"
              src={`/api/v1/files/${file.fileId}?inline=1`}
              alt={t('submissions.detail.signatureOf', { label: field.label })}
            />
          ))}
        </>
      );
    }
    return (
      <ul>
        {value.map((file) => (
          <li key={file.fileId}>
            <a href={`/api/v1/files/${file.fileId}`} download={file.name}>
              {file.name}
            </a>{' '}
            ({size.format(Math.max(1, file.size / 1000))})
          </li>
        ))}
      </ul>
    );
  }
  const choices = field && 'choices' in field ? field.choices : [];
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
  if (field?.type === 'date') return <>{formatDate(new Date(`${value}T00:00:00`), locale)}</>;
  return <>{labelOf(value)}</>;
}
