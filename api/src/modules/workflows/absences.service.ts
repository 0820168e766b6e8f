import type { AbsenceResponse } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { isTeamMember } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import { type Absence, AbsenceModel } from './absence.model';
import { type ApprovalTask, ApprovalTaskModel } from './approval-task.model';
import { transitionInstance } from './workflow-instances';
import { queueOpenTasksDelegation } from './workflow-queue';

type Session = { userId: string; teamId: number };
type AbsenceInput = {
  from: string;
  until: string;
  delegateUserId: string;
  workflowIds: string[];
  includeOpen: boolean;
};

const isInForce = (absence: Pick<Absence, 'from' | 'until'>, now: Date) => absence.from <= now && now < absence.until;

export async function findAbsence(userId: string, now = new Date()): Promise<AbsenceResponse> {
  const absence = await AbsenceModel.findById(userId).lean<Absence>();
  const delegate = absence ? await findUserById(absence.delegateUserId.toString()) : null;
  if (!absence || !delegate) return { absence: null };
  return {
    absence: {
      from: absence.from.toISOString(),
      until: absence.until.toISOString(),
      delegate: { id: delegate._id.toString(), name: delegate.name, email: delegate.email },
      workflowIds: absence.workflowIds.map(String),
      includeOpen: absence.includeOpen,
      isActive: isInForce(absence, now),
    },
  };
}

/** Sets the user's absence (one at a time: a new one replaces it) with a delegate of the current team. */
export async function saveAbsence(session: Session, input: AbsenceInput): Promise<AbsenceResponse> {
  if (input.delegateUserId === session.userId) {
    throw new AppError('BAD_REQUEST', 400, 'Nobody stands in for themselves');
  }
  if (!(await isTeamMember(session.teamId, input.delegateUserId))) {
    throw new AppError('NOT_TEAM_MEMBER', 400, 'The delegate must be a member of the team');
  }
  const from = new Date(input.from);
  await AbsenceModel.updateOne(
    { _id: session.userId },
    {
      $set: {
        teamId: session.teamId,
        from,
        until: new Date(input.until),
        delegateUserId: input.delegateUserId,
        workflowIds: input.workflowIds,
        includeOpen: input.includeOpen,
      },
    },
    { upsert: true },
  );
  if (input.includeOpen) await queueOpenTasksDelegation(session.userId, from);
  return findAbsence(session.userId);
}

export async function deleteAbsence(userId: string): Promise<void> {
  await AbsenceModel.deleteOne({ _id: userId });
}

/**
 * Hands the absent user's open tasks (to decide, or in a pool) to the delegate, each by a transition
 * of its instance; run by a job when the absence begins. Nothing happens if the absence was changed or
 * removed since, or does not take open tasks.
 */
export async function delegateOpenTasks(userId: string, now = new Date()): Promise<void> {
  const absence = await AbsenceModel.findById(userId).lean<Absence>();
  if (!absence?.includeOpen || !isInForce(absence, now)) return;
  const [absent, delegate] = await Promise.all([findUserById(userId), findUserById(absence.delegateUserId.toString())]);
  if (!absent || !delegate) return;
  const workflowIds = absence.workflowIds.map(String);
  const entries = [
    ...(await ApprovalTaskModel.find({ userId, box: 'mine' }).lean<ApprovalTask[]>()),
    ...(await ApprovalTaskModel.find({ userId, box: 'pool' }).lean<ApprovalTask[]>()),
  ].filter((entry) => workflowIds.length === 0 || workflowIds.includes(entry.workflowId));
  for (const entry of entries) {
    await transitionInstance(entry.instanceId, () => ({
      type: 'delegate',
      taskId: entry.taskId,
      absent: { userId, name: absent.name, email: absent.email },
      to: { userId: delegate._id.toString(), name: delegate.name, email: delegate.email, locale: delegate.locale },
    }));
  }
}
