import { trusted } from '../../platform/db';
import { findUsersByIds } from '../users/users.service';
import { type Absence, AbsenceModel } from './absence.model';
import type { PeopleDirectory } from './workflow-engine';

/** The delegates of those of `userIds` who are away now (a delegate who is away too is not passed on). */
export async function findDelegates(userIds: string[], now = new Date()): Promise<PeopleDirectory['delegates']> {
  if (userIds.length === 0) return new Map();
  const absences = (await AbsenceModel.find({ _id: trusted({ $in: userIds }) }).lean<Absence[]>()).filter(
    (absence) => absence.from <= now && now < absence.until,
  );
  if (absences.length === 0) return new Map();
  const delegates = new Map(
    (await findUsersByIds(absences.map((absence) => absence.delegateUserId.toString()))).map((user) => [
      user._id.toString(),
      user,
    ]),
  );
  return new Map(
    absences.flatMap((absence) => {
      const delegate = delegates.get(absence.delegateUserId.toString());
      if (!delegate) return [];
      return [
        [
          absence._id.toString(),
          {
            delegate: {
              userId: delegate._id.toString(),
              email: delegate.email,
              name: delegate.name,
              locale: delegate.locale,
            },
            workflowIds: absence.workflowIds.map(String),
          },
        ],
      ];
    }),
  );
}
