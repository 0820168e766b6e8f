import type { AbsenceResponse } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { isTeamMember } from '../teams/teams.service';
import { findUserById } from '../users/users.service';
import { type Absence, AbsenceModel } from './absence.model';
import { type ApprovalTask, ApprovalTaskModel } from './approval-task.model';
import type { AbsenceInForce } from './workflow-engine';
import { type WorkflowInstance, WorkflowInstanceModel } from './workflow-instance.model';
import { transitionInstance } from './workflow-instances';
import { queueDelegatedTasksReturn, queueOpenTasksDelegation } from './workflow-queue';

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

/**
 * Sets the user's absence (one at a time: a new one replaces it) with a delegate of the current team.
 * What delegates hold undecided comes back when it ends; on a replacement, what the new one no longer
 * gives them (another delegate, fewer workflows, a later start or an end now) comes back at once.
 */
export async function saveAbsence(session: Session, input: AbsenceInput): Promise<AbsenceResponse> {
  if (input.delegateUserId === session.userId) {
    throw new AppError('BAD_REQUEST', 400, 'Nobody stands in for themselves');
  }
  if (!(await isTeamMember(session.teamId, input.delegateUserId))) {
    throw new AppError('NOT_TEAM_MEMBER', 400, 'The delegate must be a member of the team');
  }
  const from = new Date(input.from);
  const until = new Date(input.until);
  const previous = await AbsenceModel.exists({ _id: session.userId });
  await AbsenceModel.updateOne(
    { _id: session.userId },
    {
      $set: {
        teamId: session.teamId,
        from,
        until,
        delegateUserId: input.delegateUserId,
        workflowIds: input.workflowIds,
        includeOpen: input.includeOpen,
      },
    },
    { upsert: true },
  );
  if (previous) await queueDelegatedTasksReturn(session.userId, new Date());
  await queueDelegatedTasksReturn(session.userId, until);
  if (input.includeOpen) await queueOpenTasksDelegation(session.userId, from);
  return findAbsence(session.userId);
}

/** Ends the absence now: new tasks come to the user again, and what delegates hold undecided comes back. */
export async function deleteAbsence(userId: string): Promise<void> {
  await AbsenceModel.deleteOne({ _id: userId });
  await queueDelegatedTasksReturn(userId, new Date());
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

/**
 * Gives the user's parts of open tasks that delegates hold undecided back to them, each by a
 * transition of its instance (found by equality on `absentUserIds`): run by a job when the absence
 * ends, is removed or replaced. What an absence still in force gives its delegate stays there, and a
 * replaced absence that takes open tasks then hands what came back to its own delegate.
 */
export async function returnDelegatedTasks(userId: string, now = new Date()): Promise<void> {
  const [absence, user] = await Promise.all([AbsenceModel.findById(userId).lean<Absence>(), findUserById(userId)]);
  if (!user) return;
  const inForce: AbsenceInForce | null =
    absence && isInForce(absence, now)
      ? { delegateUserId: absence.delegateUserId.toString(), workflowIds: absence.workflowIds.map(String) }
      : null;
  const absent = { userId, name: user.name, email: user.email, locale: user.locale };
  const instances = await WorkflowInstanceModel.find({ absentUserIds: userId }, { teamId: 1 }).lean<
    Pick<WorkflowInstance, '_id' | 'teamId'>[]
  >();
  const memberships = new Map<number, boolean>();
  for (const instance of instances) {
    // Someone who left the team gets none of its tasks back: the delegate keeps them.
    if (!memberships.has(instance.teamId))
      memberships.set(instance.teamId, await isTeamMember(instance.teamId, userId));
    if (!memberships.get(instance.teamId)) continue;
    await transitionInstance(instance._id.toString(), () => ({
      type: 'returnDelegated',
      absent,
      absence: inForce,
    })).catch((error: unknown) => {
      // An instance removed since has nothing left to give back.
      if (!(error instanceof AppError && error.status === 404)) throw error;
    });
  }
  if (inForce && absence?.includeOpen) await delegateOpenTasks(userId, now);
}
