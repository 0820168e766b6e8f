import type { SubmissionErasuresResponse } from '@formwerk/contracts';
import { formatDate, useLocale } from '@formwerk/platform';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { listErasures } from '../api/submissions-api';

// The newest erasures named one by one; older ones are counted.
const erasuresNamed = 5;

/**
 * That respondents erased submissions of the form through their private link (decision 031): the numbers
 * and dates the api keeps, nothing of the data, so a gap in the numbering is explained. Says nothing when
 * there are none or they cannot be read: the table is what the page is for.
 */
export function ErasuresNotice({ formId }: { formId: string }) {
  const { t } = useTranslation('forms');
  const locale = useLocale();
  const [erasures, setErasures] = useState<SubmissionErasuresResponse['erasures']>([]);

  useEffect(() => {
    let isCurrent = true;
    listErasures(formId).then(
      (found) => isCurrent && setErasures(found.erasures),
      () => undefined,
    );
    return () => {
      isCurrent = false;
    };
  }, [formId]);

  if (erasures.length === 0) return null;
  const named = erasures.slice(0, erasuresNamed).map((erasure) =>
    t(erasure.submissionNumber === null ? 'submissions.erasures.unnumbered' : 'submissions.erasures.item', {
      number: erasure.submissionNumber,
      date: formatDate(new Date(erasure.erasedAt), locale),
    }),
  );
  const more = erasures.length - named.length;
  return (
    <p className="submissions-erasures">
      {t('submissions.erasures.text', { count: erasures.length, list: named.join(', ') })}
      {more > 0 ? ` ${t('submissions.erasures.more', { count: more })}` : null}
    </p>
  );
}
