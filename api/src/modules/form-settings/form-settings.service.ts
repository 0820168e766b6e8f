import {
  applicableRules,
  type FormDefinition,
  type FormSettings,
  type FormSettingsResponse,
  type FormSettingTab,
  formSettingRequestSchemas,
  type PublicFormSettings,
  type ValidationIssue,
} from '@formwerk/contracts';
import type { z } from 'zod';
import { AppError } from '../../platform/errors';
import type { Form } from '../forms/form.model';
import { findFormOfTeam, type PublishedForm, updateFormAtVersion } from '../forms/forms.service';
import { availabilityOf } from './availability';

type Team = { teamId: number };
type TabValue<Tab extends FormSettingTab> = z.output<(typeof formSettingRequestSchemas)[Tab]>;

/**
 * A tab as stored, with the defaults of today's schema filled in. A value that no longer passes (the
 * schema grew stricter) falls back to the defaults rather than breaking the form.
 */
export function readFormSetting<Tab extends FormSettingTab>(
  form: { settings: Form['settings']; definition: FormDefinition },
  tab: Tab,
): TabValue<Tab> {
  const schema = formSettingRequestSchemas[tab];
  // The form tab's title and description are the definition's own.
  const extra = tab === 'form' ? { title: form.definition.title, description: form.definition.description } : {};
  const stored = { ...((form.settings?.[tab] as object | undefined) ?? {}), ...extra };
  const parsed = schema.safeParse(stored);
  return (parsed.success ? parsed.data : schema.parse(extra)) as TabValue<Tab>;
}

export function settingsOf(form: Form): FormSettings {
  return {
    form: readFormSetting(form, 'form'),
    quiz: readFormSetting(form, 'quiz'),
    email: readFormSetting(form, 'email'),
    error: readFormSetting(form, 'error'),
    thankyou: readFormSetting(form, 'thankyou'),
    condition: readFormSetting(form, 'condition'),
    mailchimp: {
      ...readFormSetting(form, 'mailchimp'),
      apiKeyHint: form.secrets?.mailchimpApiKey?.slice(-4) ?? null,
    },
    reference: readFormSetting(form, 'reference'),
    javascript: readFormSetting(form, 'javascript'),
    scheduling: readFormSetting(form, 'scheduling'),
  };
}

function toResponse(form: Form): FormSettingsResponse {
  return { formId: form._id.toString(), version: form.version, settings: settingsOf(form) };
}

export async function getFormSettings(team: Team, formId: string): Promise<FormSettingsResponse> {
  return toResponse(await findFormOfTeam(team, formId));
}

const choiceFieldTypes = new Set(['singleChoice', 'multipleChoice', 'dropdown']);

/** What a tab's value refers to in the form must be there and fit; each problem names its path. */
function problemsWithDefinition(
  tab: FormSettingTab,
  value: TabValue<FormSettingTab>,
  definition: FormDefinition,
): ValidationIssue[] {
  const fields = new Map(definition.pages.flatMap((page) => page.fields).map((field) => [field.id, field]));
  const issue = (path: ValidationIssue['path'], code: string, message: string) => ({ path, code, message });
  const isEmailField = (fieldId: string | null) => fieldId === null || fields.get(fieldId)?.type === 'email';
  switch (tab) {
    case 'condition':
      return applicableRules(definition, (value as TabValue<'condition'>).rules).problems.map(({ ruleId, problem }) =>
        issue(
          ['rules', (value as TabValue<'condition'>).rules.findIndex((rule) => rule.id === ruleId)],
          problem,
          `Rule ${ruleId}: ${problem}`,
        ),
      );
    case 'quiz':
      return Object.entries((value as TabValue<'quiz'>).answerKey).flatMap(([fieldId, key]) => {
        const field = fields.get(fieldId);
        if (!field || !choiceFieldTypes.has(field.type) || !('choices' in field)) {
          return [issue(['answerKey', fieldId], 'notAChoiceField', `${fieldId} is no choice field of the form`)];
        }
        if (field.type !== 'multipleChoice' && key.correctChoiceIds.length > 1) {
          return [issue(['answerKey', fieldId], 'oneChoiceOnly', `${fieldId} takes one choice`)];
        }
        const choiceIds = new Set(field.choices.map((choice) => choice.id));
        return key.correctChoiceIds.every((id) => choiceIds.has(id))
          ? []
          : [issue(['answerKey', fieldId], 'unknownChoice', `${fieldId} has no such choice`)];
      });
    case 'email': {
      const { emailFieldId, isEnabled } = (value as TabValue<'email'>).confirmation;
      if (isEnabled && emailFieldId === null) {
        return [issue(['confirmation', 'emailFieldId'], 'required', 'Choose the email field')];
      }
      return isEmailField(emailFieldId)
        ? []
        : [issue(['confirmation', 'emailFieldId'], 'notAnEmailField', 'No email field')];
    }
    case 'mailchimp': {
      const mailchimp = value as TabValue<'mailchimp'>;
      const problems: ValidationIssue[] = [];
      if (!isEmailField(mailchimp.emailFieldId))
        problems.push(issue(['emailFieldId'], 'notAnEmailField', 'No email field'));
      for (const key of ['firstNameFieldId', 'lastNameFieldId'] as const) {
        const fieldId = mailchimp[key];
        if (fieldId !== null && !fields.has(fieldId)) problems.push(issue([key], 'unknownField', 'No such field'));
      }
      if (mailchimp.isEnabled && (mailchimp.audienceId === null || mailchimp.emailFieldId === null)) {
        problems.push(issue(['audienceId'], 'required', 'Choose an audience and the email field'));
      }
      return problems;
    }
    default:
      return [];
  }
}

/**
 * Saves one tab if nobody saved the form since `version` (one atomic update guarded by it, as the
 * builder's saves are). It is live at once: the public page and the api read the settings each time.
 */
export async function saveFormSetting(
  team: Team,
  formId: string,
  tab: FormSettingTab,
  input: { version: number; value: unknown },
): Promise<FormSettingsResponse> {
  const value = formSettingRequestSchemas[tab].parse(input.value);
  const form = await findFormOfTeam(team, formId);
  const problems = problemsWithDefinition(tab, value, form.definition);
  if (problems.length > 0) {
    throw new AppError('VALIDATION_FAILED', 400, 'The settings refer to what the form does not have', {
      issues: problems,
    });
  }
  const update: Record<string, unknown> = {};
  if (tab === 'form') {
    const { title, description, ...appearance } = value as TabValue<'form'>;
    update['settings.form'] = appearance;
    update['definition.title'] = title;
    update['definition.description'] = description;
    update.title = title;
    update.titleKey = title.toLocaleLowerCase('de');
    // Like the rest of the tab, title and description are live at once, also on the public link.
    if (form.publishedDefinition) {
      update['publishedDefinition.title'] = title;
      update['publishedDefinition.description'] = description;
    }
  } else if (tab === 'mailchimp') {
    const { apiKey, ...mailchimp } = value as TabValue<'mailchimp'>;
    update['settings.mailchimp'] = mailchimp;
    if (apiKey !== undefined) update['secrets.mailchimpApiKey'] = apiKey;
  } else {
    update[`settings.${tab}`] = value;
  }
  // A settings change is no edit waiting to be published: a form without pending edits stays so.
  if (form.status === 'published' && form.publishedVersion === form.version) {
    update.publishedVersion = form.version + 1;
  }
  const saved = await updateFormAtVersion(team, formId, input.version, update);
  if (saved) return toResponse(saved);
  const current = await findFormOfTeam(team, formId);
  throw new AppError('VERSION_CONFLICT', 409, 'The form was saved elsewhere in the meantime', {
    currentVersion: current.version,
  });
}

/** What the public page gets of a published form's settings: nothing secret, availability as of `now`. */
export function publicSettingsOf(form: PublishedForm, submissionCount: number, now: Date): PublicFormSettings {
  const { title: _title, description: _description, ...appearance } = readFormSetting(form, 'form');
  const scheduling = readFormSetting(form, 'scheduling');
  const availability = availabilityOf(scheduling, submissionCount, now);
  return {
    appearance,
    errorTexts: readFormSetting(form, 'error'),
    thankYou: readFormSetting(form, 'thankyou'),
    logic: readFormSetting(form, 'condition').rules,
    customScript: readFormSetting(form, 'javascript').code,
    isQuiz: readFormSetting(form, 'quiz').isQuiz,
    availability: {
      state: availability.state,
      opensAt: availability.opensAt?.toISOString() ?? null,
      timeZone: scheduling.timeZone,
      closedMessage: scheduling.closedMessage,
    },
  };
}
