import type { TaskDetailResponse, WorkflowPeopleResponse } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { Button, useDisclosure } from '@formwerk/ui';
import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toErrorKey } from '../../../utils/error-key';
import { listPeople } from '../api/task-api';

type TaskResponsibilityProps = {
  detail: TaskDetailResponse;
  isBusy: boolean;
  onRelease: () => void;
  /** Resolves to whether the task went to `userId`. */
  onReassign: (user: { id: string; name: string }, comment: string) => Promise<boolean>;
};

/** Giving a pool task back, and handing a task to another member of the team. */
export function TaskResponsibility({ detail, isBusy, onRelease, onReassign }: TaskResponsibilityProps) {
  const { t } = useTranslation('approvals');
  const { can } = detail;
  if (!can.release && !can.reassign) return null;
  return (
    <section className="ui-card" aria-labelledby="task-responsibility">
      <h2 id="task-responsibility">{t('inbox.task.responsibilityTitle')}</h2>
      {can.release ? (
        <div className="ui-toolbar">
          <Button variant="secondary" disabled={isBusy} onClick={onRelease}>
            {t('inbox.task.release')}
          </Button>
          <span className="ui-hint">{t('inbox.task.releaseHint')}</span>
        </div>
      ) : null}
      {can.reassign ? <ReassignDisclosure isBusy={isBusy} onReassign={onReassign} /> : null}
    </section>
  );
}

function ReassignDisclosure({ isBusy, onReassign }: Pick<TaskResponsibilityProps, 'isBusy' | 'onReassign'>) {
  const { t } = useTranslation('approvals');
  const trigger = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLFormElement>(null);
  const panelId = useId();
  const { isOpen, toggle, close } = useDisclosure({ trigger, panel });
  const people = usePeople(isOpen);
  const [userId, setUserId] = useState('');
  const [comment, setComment] = useState('');

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const user = people.users.find((person) => person.id === userId);
    if (!user) return;
    if (await onReassign(user, comment.trim())) {
      close();
      setUserId('');
      setComment('');
    }
  };

  return (
    <div className="task-reassign">
      <button
        ref={trigger}
        type="button"
        className="ui-button ui-button--secondary"
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
      >
        {t('inbox.task.reassign')}
      </button>
      <form id={panelId} ref={panel} className="task-reassign__panel" hidden={!isOpen} onSubmit={onSubmit}>
        <label className="ui-field">
          {t('inbox.task.reassignTo')}
          <select required value={userId} onChange={(event) => setUserId(event.target.value)}>
            <option value="">{t(people.isLoading ? 'inbox.loading' : 'inbox.task.choosePerson')}</option>
            {people.users.map((person) => (
              <option key={person.id} value={person.id}>
                {person.name} ({person.email})
              </option>
            ))}
          </select>
        </label>
        {people.errorKey ? (
          <p role="alert" className="ui-error">
            {t(people.errorKey)}
          </p>
        ) : null}
        <label className="ui-field">
          {t('inbox.task.reassignComment')}
          <textarea rows={2} maxLength={2000} value={comment} onChange={(event) => setComment(event.target.value)} />
        </label>
        <div className="ui-toolbar">
          <Button type="submit" disabled={isBusy || !userId}>
            {t('inbox.task.reassignSend')}
          </Button>
          <Button variant="ghost" onClick={close}>
            {t('inbox.cancel')}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** The team's members other than the reader, read once the picker first opens. */
function usePeople(isWanted: boolean) {
  const ownId = useSessionStore((state) => state.user?.id);
  const [users, setUsers] = useState<WorkflowPeopleResponse['users'] | null>(null);
  const [errorKey, setErrorKey] = useState<string | null>(null);
  const isLoading = isWanted && users === null && errorKey === null;

  useEffect(() => {
    if (!isLoading) return;
    let isCurrent = true;
    listPeople().then(
      (result) => isCurrent && setUsers(result.users),
      (error: unknown) => isCurrent && setErrorKey(toErrorKey(error)),
    );
    return () => {
      isCurrent = false;
    };
  }, [isLoading]);

  return { users: (users ?? []).filter((user) => user.id !== ownId), errorKey, isLoading };
}
