import { Button } from '@formwerk/ui';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LazySendDialog } from '../../signing-send/components/lazy-send-dialog';
import type { SendSubject } from '../../signing-send/utils/send-form';
import { findTemplate } from '../api/templates-api';
import { toErrorKey } from '../utils/error-key';
import { findSendProblem, findTemplateProblems } from '../utils/template-problems';

type SendTemplateDialogProps = {
  /** The template to send; null while the dialog is closed. */
  templateId: string | null;
  /** The address of the template's editor, where what stops sending is fixed. */
  hrefOf: (templateId: string) => string;
  onClose: () => void;
};

/**
 * "Send for signature" from the template list: the template is read (the list knows no roles), then
 * the send dialog asks for its people. A template that cannot be sent as it stands (a signer without a
 * field) says why, with a link to its editor.
 */
export function SendTemplateDialog({ templateId, hrefOf, onClose }: SendTemplateDialogProps) {
  const { t } = useTranslation('documents');
  const query = useQuery({
    queryKey: ['documents', 'templates', 'one', templateId],
    queryFn: () => findTemplate(templateId ?? ''),
    enabled: templateId !== null,
    // Always as stored now: its roles are what the api checks the people against.
    staleTime: 0,
  });
  const template = query.data?.id === templateId ? query.data : null;
  const problem = template ? findSendProblem(template, findTemplateProblems(template)) : null;
  const subject: SendSubject | null =
    template && !problem
      ? { source: { kind: 'template', templateId: template.id }, roles: template.roles, name: template.name }
      : null;

  let unavailable = null;
  if (query.isError) {
    unavailable = (
      <div className="templates-notice__actions">
        <p role="alert">{t(toErrorKey(query.error))}</p>
        <Button variant="secondary" onClick={() => void query.refetch()}>
          {t('templates.retry')}
        </Button>
      </div>
    );
  } else if (template && problem) {
    unavailable = (
      <>
        <p role="alert">
          {t('templates.send.cannot', { name: template.name })} {t(problem.key, problem.values)}
        </p>
        <Link to={hrefOf(template.id)}>{t('templates.send.edit')}</Link>
      </>
    );
  }

  return <LazySendDialog isOpen={templateId !== null} subject={subject} unavailable={unavailable} onClose={onClose} />;
}
