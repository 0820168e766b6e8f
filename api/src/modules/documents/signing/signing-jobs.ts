import type { JobDefinition } from '../../../platform/jobs';
import type { Logger } from '../../../platform/logger';
import {
  expireSigningRequestJobName,
  remindSigningRecipientsJobName,
  repairSigningRequestsJobName,
  type SigningReminderJob,
  type SigningRequestJob,
  sealSigningRequestJobName,
} from './signing-queue';
import { sealSigningRequest } from './signing-seal';
import { expireSigningRequest, remindSigningRecipients } from './signing-timers';
import { repairSigningRequests } from './signing-transitions';

/**
 * The jobs of signing requests: sealing a completed one, its reminder rounds and its expiry, and (every
 * few minutes) repairing requests whose events, mails or jobs a crash left behind their state.
 */
export function createSigningJobs(
  logger: Logger,
): [
  JobDefinition<SigningRequestJob>,
  JobDefinition<SigningReminderJob>,
  JobDefinition<SigningRequestJob>,
  JobDefinition<object>,
] {
  return [
    { name: sealSigningRequestJobName, run: ({ requestId }) => sealSigningRequest(requestId) },
    { name: remindSigningRecipientsJobName, run: (data) => remindSigningRecipients(data) },
    { name: expireSigningRequestJobName, run: (data) => expireSigningRequest(data) },
    {
      name: repairSigningRequestsJobName,
      everyMs: 5 * 60_000,
      run: async () => {
        const repaired = await repairSigningRequests();
        if (repaired > 0) logger.warn({ repaired }, 'signing requests repaired after an interrupted transition');
      },
    },
  ];
}
