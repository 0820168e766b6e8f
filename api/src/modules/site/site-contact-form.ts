import { type FormDefinition, type FormDefinitionInput, formDefinitionSchema } from '@formwerk/contracts';
import { siteContactFormIds } from '@formwerk/contracts/site-contact-form';
import type { Logger } from 'pino';
import { z } from 'zod';
import { isDuplicateKey, trusted } from '../../platform/db';
import { createAccount } from '../auth/auth.service';
import { saveFormSetting } from '../form-settings/form-settings.service';
import { createForm, findFormById, publishForm } from '../forms/forms.service';
import { createPersonalTeam } from '../teams/teams.service';
import { findUserByEmail } from '../users/users.service';
import { SiteSettingModel } from './site-setting.model';

type Language = keyof typeof siteContactFormIds;

const siteTeamKey = 'site-team';
const siteTeamName = 'Formwerk-Website';
// A start that claimed the site team and did not finish within this time is taken to have died.
const unfinishedClaimMs = 60_000;

/** SITE_TEAM_OWNER_EMAIL: who owns the site's team and so receives its contact requests. */
const siteConfigSchema = z.object({
  SITE_TEAM_OWNER_EMAIL: z
    .email()
    .transform((email) => email.toLowerCase())
    .optional(),
});

const topics = {
  de: { sales: 'Vertrieb', support: 'Support', privacy: 'Datenschutz', other: 'Sonstiges' },
  en: { sales: 'Sales', support: 'Support', privacy: 'Data protection', other: 'Something else' },
} as const;

const dataProtectionPath = { de: '/datenschutz', en: '/en/data-protection' } as const;

/** The form in one language; its consent names the data protection page (a form's text holds no link). */
export function contactFormDefinition(language: Language, publicUrl: string): FormDefinition {
  const german = language === 'de';
  const definition: FormDefinitionInput = {
    title: german ? 'Kontakt' : 'Contact',
    description: '',
    language,
    pages: [
      {
        id: 'contact',
        fields: [
          { id: 'name', type: 'shortText', label: 'Name', required: true, maxLength: 200 },
          { id: 'email', type: 'email', label: german ? 'E-Mail-Adresse' : 'Email address', required: true },
          {
            id: 'topic',
            type: 'singleChoice',
            label: german ? 'Worum geht es?' : 'What is it about?',
            required: true,
            choices: Object.entries(topics[language]).map(([id, label]) => ({ id, label })),
          },
          {
            id: 'message',
            type: 'longText',
            label: german ? 'Ihre Nachricht' : 'Your message',
            required: true,
            maxLength: 5000,
          },
          {
            id: 'consent',
            type: 'consent',
            label: german ? 'Datenschutz' : 'Data protection',
            text: german
              ? `Ich bin einverstanden, dass meine Angaben zur Beantwortung meiner Anfrage verarbeitet werden. Mehr dazu in der Datenschutzerklärung: ${publicUrl}${dataProtectionPath.de}`
              : `I agree that my details are processed to answer my enquiry. More in the data protection notice: ${publicUrl}${dataProtectionPath.en}`,
            required: true,
          },
        ],
      },
    ],
  };
  return formDefinitionSchema.parse(definition);
}

/**
 * The owner's account: theirs if it exists, else one without a password, which the owner claims through
 * "Passwort vergessen?" (the reset mail sets a password and confirms the address; signing up with it
 * mails the same link). Named after the address, so that its personal team and the site team differ
 * in the team switcher.
 */
async function siteTeamOwnerId(email: string): Promise<string> {
  const existing = await findUserByEmail(email);
  if (existing) return existing._id.toString();
  try {
    const name = email.slice(0, email.indexOf('@'));
    const { user } = await createAccount({ name, email, password: null, locale: 'de' });
    return user._id.toString();
  } catch (error) {
    // Another start created it a moment ago.
    const created = await findUserByEmail(email);
    if (!created) throw error;
    return created._id.toString();
  }
}

/**
 * The site team's id. The start that creates the setting's document (its key is unique) creates the
 * team; a concurrent start finds the document without a team and leaves it to that one (null), and
 * a later start takes over a claim that stayed unfinished.
 */
async function siteTeamId(ownerId: string): Promise<number | null> {
  try {
    await SiteSettingModel.create({ key: siteTeamKey, teamId: null });
  } catch (error) {
    if (!isDuplicateKey(error)) throw error;
    const existing = await SiteSettingModel.findOne({ key: siteTeamKey }).lean();
    if (existing?.teamId != null) return existing.teamId;
    const takenOver = await SiteSettingModel.findOneAndUpdate(
      { key: siteTeamKey, teamId: null, updatedAt: trusted({ $lt: new Date(Date.now() - unfinishedClaimMs) }) },
      { $set: { updatedAt: new Date() } },
      { timestamps: false },
    );
    if (!takenOver) return null;
  }
  const { teamId } = await createPersonalTeam({ id: ownerId, name: siteTeamName });
  await SiteSettingModel.updateOne({ key: siteTeamKey }, { $set: { teamId } });
  return teamId;
}

/**
 * Makes sure, at every start, that the site team owns the contact form in German and in English, its
 * owner notified of each enquiry, and that both are published (a form unpublished by hand is published
 * again). Idempotent: the team by its setting's unique key, the forms by their fixed ids. Without
 * SITE_TEAM_OWNER_EMAIL the site has no contact form: its contact page still gives the email address,
 * beside a frame that says the form does not exist.
 */
export async function ensureSiteContactForms(options: {
  ownerEmail: string | undefined;
  publicUrl: string;
  logger: Logger;
}): Promise<void> {
  const { ownerEmail, publicUrl, logger } = options;
  if (!ownerEmail) {
    logger.info('no SITE_TEAM_OWNER_EMAIL: the site has no contact form');
    return;
  }
  // Concurrent starts meet at the setting's unique key: on a new database its index is still being
  // made while the first start runs, so it waits for it (the account's address waits in createUser).
  await SiteSettingModel.init();
  const ownerId = await siteTeamOwnerId(ownerEmail);
  const teamId = await siteTeamId(ownerId);
  if (teamId === null) {
    logger.info('another start is setting up the site team');
    return;
  }
  const team = { teamId, userId: ownerId };
  for (const language of Object.keys(siteContactFormIds) as Language[]) {
    const id = siteContactFormIds[language];
    const existing = await findFormById(id);
    if (existing && existing.teamId !== teamId) {
      logger.error({ formId: id, teamId: existing.teamId }, 'the site contact form’s id belongs to another team');
      continue;
    }
    const definition = contactFormDefinition(language, publicUrl);
    const { form, isNew } = await createForm(team, { title: definition.title, language, id, definition });
    // The owner hears of each enquiry as a form's team hears of a submission (its email tab), set once:
    // whom the site team notifies later is theirs to change.
    if (isNew) {
      const value = { notify: { userIds: [ownerId] } };
      await saveFormSetting(team, id, 'email', { version: form.version, value });
    }
    if (form.status !== 'published') await publishForm(team, id);
  }
  logger.info({ teamId, formIds: siteContactFormIds }, 'the site contact forms are published');
}

/**
 * What the api's start calls once the database is there. A bad SITE_TEAM_OWNER_EMAIL or a failure is
 * logged and never stops the api: the contact page still offers the email address.
 */
export async function startSiteContactForms(options: {
  env: NodeJS.ProcessEnv;
  publicUrl: string;
  logger: Logger;
}): Promise<void> {
  const { env, publicUrl, logger } = options;
  try {
    const { SITE_TEAM_OWNER_EMAIL } = siteConfigSchema.parse(env);
    await ensureSiteContactForms({ ownerEmail: SITE_TEAM_OWNER_EMAIL, publicUrl, logger });
  } catch (error) {
    logger.error({ err: error }, 'the site contact forms could not be set up');
  }
}
