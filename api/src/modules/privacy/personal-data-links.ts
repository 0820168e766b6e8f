import type { Answers, FormDefinition, Locale } from '@formwerk/contracts';
import type { Types } from 'mongoose';
import { createSecretToken } from '../../platform/tokens';
import { queueMail } from '../mail/mail.service';
import { PersonalDataAccessModel } from './personal-data-access.model';

type LinkedForm = { id: string; teamId: number; definition: FormDefinition };
type LinkedSubmission = { _id: Types.ObjectId; answers: Answers };

/** The respondent's page of a link, with the locale prefix of the form's language. */
export const personalDataPathOf = (token: string, locale: Locale): string =>
  `${locale === 'en' ? '/en' : ''}/mydata/${token}`;

/** The first address typed into an email field, in the form's order: where the link is mailed. */
function respondentEmailOf(definition: FormDefinition, answers: Answers): string | null {
  for (const field of definition.pages.flatMap((page) => page.fields)) {
    const value = answers[field.id];
    if (field.type === 'email' && typeof value === 'string' && value.trim() !== '') return value.trim();
  }
  return null;
}

/**
 * A new private link to the submission's data: its token goes to the respondent only (the thank-you
 * page, and their mail when `isMailed` and they gave an address), its hash is stored. One insert; the
 * mail is a queued job.
 */
export async function grantPersonalDataAccess(
  form: LinkedForm,
  submission: LinkedSubmission,
  { isMailed }: { isMailed: boolean },
): Promise<string> {
  const { token, tokenHash } = createSecretToken();
  await PersonalDataAccessModel.create({
    _id: tokenHash,
    submissionId: submission._id,
    formId: form.id,
    teamId: form.teamId,
  });
  const locale = form.definition.language;
  const email = isMailed ? respondentEmailOf(form.definition, submission.answers) : null;
  if (email) {
    await queueMail({ kind: 'personal-data-link', to: email, locale, formTitle: form.definition.title, token });
  }
  return personalDataPathOf(token, locale);
}

/** What a bot that filled the honeypot is shown: a link of the same shape that opens nothing. */
export const decoyPersonalDataPath = (locale: Locale): string => personalDataPathOf(createSecretToken().token, locale);
