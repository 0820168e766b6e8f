import { useTranslation } from 'react-i18next';
import { useShownPrefilled } from '../hooks/use-shown-prefilled';
import type { PrefilledField } from '../utils/field-values';

/**
 * What the form's answers filled in, in reading order, above the pages: folded to one line, so that on a
 * phone the document and the guide keep the screen.
 */
export function PrefilledSummary({ prefilled }: { prefilled: readonly PrefilledField[] }) {
  const { t } = useTranslation('documents');
  const shown = useShownPrefilled();
  return (
    <details className="signer-prefilled">
      <summary>{t('signer.prefilled.summary', { count: prefilled.length })}</summary>
      <p className="ui-hint">{t('signer.prefilled.explanation')}</p>
      <dl>
        {prefilled.map((each) => {
          const { name, text } = shown(each);
          return (
            <div key={each.field.id}>
              <dt>{name}</dt>
              <dd>{text}</dd>
            </div>
          );
        })}
      </dl>
    </details>
  );
}
