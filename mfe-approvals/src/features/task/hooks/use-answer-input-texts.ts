import type { AnswerInputTexts } from '@formwerk/ui';
import { useTranslation } from 'react-i18next';

/** The words an answer's input shows itself (packages/ui AnswerInput), in the page's language. */
export function useAnswerInputTexts(): AnswerInputTexts {
  const { t } = useTranslation('approvals');
  return {
    untitled: t('inbox.task.untitledField'),
    yes: t('inbox.task.yes'),
    no: t('inbox.task.no'),
    choose: t('inbox.task.choose'),
  };
}
