import { queueMail } from '../mail/mail.service';
import type { BillingNoticeMailRequest } from '../mail/mail-messages';
import { notify, wantsMail } from '../notifications/notifications.service';
import { findTeam } from '../teams/teams.service';
import { findUsersByIds } from '../users/users.service';

type BillingNotice = {
  type: BillingNoticeMailRequest['type'];
  /** Besides the team's name, which every notice names (a person may be in several teams). */
  params: Record<string, string>;
};

/**
 * Tells the team's owners and admins, who may change its plan: in the notification centre (linking to
 * the subscriptions page, or the storage page for a full storage), and by mail to those who want this
 * type by mail.
 */
export async function notifyTeamManagers(teamId: number, { type, params }: BillingNotice): Promise<void> {
  const team = await findTeam(teamId);
  if (!team) return;
  const managerIds = team.members
    .filter((member) => member.role === 'owner' || member.role === 'admin')
    .map((member) => member.userId.toString());
  const noticeParams = { teamName: team.name, ...params };
  const route = type === 'storageFull' ? 'v1-storage' : 'v1-subscriptions';
  await notify(managerIds, { type, params: noticeParams, link: { route, params: {} } });
  for (const user of await findUsersByIds(managerIds)) {
    if (!(await wantsMail(user._id.toString(), type))) continue;
    await queueMail({
      kind: 'billing-notice',
      to: user.email,
      locale: user.locale,
      name: user.name,
      type,
      params: noticeParams,
    });
  }
}
