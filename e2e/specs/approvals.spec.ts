import { type APIRequestContext, type Browser, expect, type Locator, type Page, test } from '@playwright/test';
import { createPublishedForm, respondentPage } from '../support/forms';
import { waitForMailLink } from '../support/mailbox';
import { acceptInvitation, csrfHeaders, invite, signUpReady, uniqueEmail } from '../support/session';

// The approval story of issue 15, once per language: the owner draws a workflow with a condition and
// two approval steps and publishes it; a respondent submits; a colleague on a phone approves the first
// step, the owner rejects the second; the owner then sees the outcome and the history of the request.
const texts = {
  de: {
    prefix: '',
    newWorkflow: 'Neuer Workflow',
    name: 'Name',
    create: 'Anlegen und öffnen',
    palette: 'Schritt hinzufügen',
    settings: 'Eigenschaften',
    approvalType: 'Freigabe',
    conditionType: 'Bedingung',
    label: 'Bezeichnung',
    assignee: 'Person, Gruppe oder Formularfeld',
    add: 'Hinzufügen',
    addRule: 'Regel hinzufügen',
    ruleLabel: 'Name des Wegs',
    field: 'Feld',
    operator: 'Vergleich',
    greaterThan: 'ist größer als',
    value: 'Wert',
    wayTo: (outcome: string) => `„${outcome}“ führt zu`,
    next: 'Weiter',
    otherwise: 'Sonst',
    approved: 'Freigegeben',
    rejectedEnd: 'Abgelehnt',
    publish: 'Als Version 1 veröffentlichen',
    published: /Version 1 ist veröffentlicht/,
    problems: '0 Probleme',
    sendForm: 'Absenden',
    thanks: 'Vielen Dank!',
    approve: 'Approve',
    reject: 'Ablehnen',
    comment: 'Kommentar',
    commentRequired: /braucht es einen Kommentar|Bitte begründen|Kommentar/,
    rejectedStatus: 'Abgelehnt',
    history: 'Verlauf',
    toAnswers: 'Zurück zu den Antworten',
  },
  en: {
    prefix: '/en',
    newWorkflow: 'New workflow',
    name: 'Name',
    create: 'Create and open',
    palette: 'Add a step',
    settings: 'Settings',
    approvalType: 'Approval',
    conditionType: 'Condition',
    label: 'Label',
    assignee: 'Person, group or form field',
    add: 'Add',
    addRule: 'Add rule',
    ruleLabel: 'Name of the way',
    field: 'Field',
    operator: 'Comparison',
    greaterThan: 'is greater than',
    value: 'Value',
    wayTo: (outcome: string) => `“${outcome}” leads to`,
    next: 'Next',
    otherwise: 'Otherwise',
    approved: 'Approved',
    rejectedEnd: 'Rejected',
    publish: 'Publish as version 1',
    published: /Version 1 is published/,
    problems: '0 problems',
    sendForm: 'Submit',
    thanks: 'Thank you!',
    approve: 'Approve',
    reject: 'Reject',
    comment: 'Comment',
    commentRequired: /needs? a comment|say why/,
    rejectedStatus: 'Rejected',
    history: 'History',
    toAnswers: 'Back to the answers',
  },
} as const;

const leaveForm = {
  title: 'Urlaubsantrag',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'mail', type: 'email', label: 'E-Mail', required: true },
        { id: 'days', type: 'number', label: 'Tage', required: true },
      ],
    },
  ],
};

/** A colleague in the owner's team, signed in in a browser context of their own (a phone, here). */
async function colleagueOnPhone(browser: Browser, owner: APIRequestContext, locale: 'de' | 'en', baseURL: string) {
  const context = await browser.newContext({ baseURL, viewport: { width: 390, height: 844 }, isMobile: true });
  const { email } = await signUpReady(context.request, 'Bruno Berger', locale);
  await invite(owner, email);
  await acceptInvitation(context.request, await waitForMailLink(email, /Einladung|invit/i));
  return context.newPage();
}

/** Chooses the option of `select` whose text contains `part` (a person's option also shows their address). */
async function chooseOption(select: Locator, part: string) {
  const label = await select.locator('option', { hasText: part }).first().textContent();
  await select.selectOption({ label: label ?? part });
}

/** The step on the canvas whose accessible name is "<type>: <label>" (or the type alone). */
const canvasNode = (page: Page, name: string) => page.locator(`.react-flow__node[aria-label="${name}"]`);

for (const locale of ['de', 'en'] as const) {
  const text = texts[locale];

  test(`an approval runs from a drawn workflow to its outcome (${locale})`, async ({ page, browser, baseURL }) => {
    test.setTimeout(180_000);
    await signUpReady(page.request, 'Olga Owner', locale);
    const formId = await createPublishedForm(page.request, leaveForm);
    const bruno = await colleagueOnPhone(browser, page.request, locale, baseURL as string);

    // Draw: a new workflow for the form starts as start → one approval step → approved / rejected.
    await page.goto(`${text.prefix}/v1/approve/workflows`);
    await page.getByRole('button', { name: text.newWorkflow }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel(text.name).fill('Urlaub');
    await dialog.getByLabel('Urlaubsantrag').check();
    await dialog.getByRole('button', { name: text.create }).click();
    await expect(page).toHaveURL(/\/v1\/workflow\/[0-9a-f]{24}$/);
    const inspector = page.getByRole('complementary', { name: text.settings });

    // The first step: the team lead (the owner).
    await canvasNode(page, text.approvalType).click();
    await inspector.getByLabel(text.label).fill('Teamleitung');
    await chooseOption(inspector.getByLabel(text.assignee), 'Olga Owner');
    await inspector.getByRole('button', { name: text.add, exact: true }).click();

    // A second step from the palette: HR (the colleague).
    const palette = page.getByRole('complementary', { name: text.palette });
    await palette.getByRole('button', { name: text.approvalType, exact: true }).click();
    await expect(inspector.getByLabel(text.label)).toBeFocused();
    await inspector.getByLabel(text.label).fill('Personal');
    await chooseOption(inspector.getByLabel(text.assignee), 'Bruno Berger');
    await inspector.getByRole('button', { name: text.add, exact: true }).click();
    await inspector.getByLabel(text.wayTo(text.approved)).selectOption({ label: 'Teamleitung' });
    await inspector.getByLabel(text.wayTo(text.rejectedEnd)).selectOption({ label: text.rejectedEnd });

    // A condition: more than 5 days go to HR first, the rest straight to the team lead.
    await palette.getByRole('button', { name: text.conditionType, exact: true }).click();
    await inspector.getByLabel(text.label).fill('Lang?');
    await inspector.getByRole('button', { name: text.addRule }).click();
    await inspector.getByLabel(text.ruleLabel).fill('Mehr als 5 Tage');
    await inspector.getByLabel(text.field, { exact: true }).selectOption({ label: 'Tage' });
    await inspector.getByLabel(text.operator, { exact: true }).selectOption({ label: text.greaterThan });
    await inspector.getByLabel(text.value, { exact: true }).fill('5');
    await inspector.getByLabel(text.wayTo('Mehr als 5 Tage')).selectOption({ label: 'Personal' });
    await inspector.getByLabel(text.wayTo(text.otherwise)).selectOption({ label: 'Teamleitung' });

    await canvasNode(page, 'Start').click();
    await inspector.getByLabel(text.wayTo(text.next)).selectOption({ label: 'Lang?' });

    await expect(page.getByRole('heading', { name: text.problems })).toBeVisible();
    await page.getByRole('button', { name: text.publish }).click();
    await expect(page.getByText(text.published)).toBeVisible();

    // A respondent asks for 8 days: the condition sends it to HR.
    const respondent = await respondentPage(browser, baseURL, locale === 'de' ? 'de-DE' : 'en-GB');
    await respondent.goto(`${text.prefix}/form/${formId}`);
    await respondent.getByLabel('Name').fill('Rita Respondent');
    const ritaEmail = uniqueEmail('rita');
    await respondent.getByLabel('E-Mail').fill(ritaEmail);
    await respondent.getByLabel('Tage').fill('8');
    await respondent.waitForTimeout(3_100);
    await respondent.getByRole('button', { name: text.sendForm }).click();
    await expect(respondent.getByRole('heading', { name: text.thanks })).toBeVisible();

    // The colleague approves on the phone, from the inbox.
    await bruno.goto(`${text.prefix}/v1/approve/approvals`);
    await expect(async () => {
      await bruno.reload();
      await expect(bruno.getByRole('link', { name: 'Personal' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await bruno.getByRole('link', { name: 'Personal' }).click();
    await expect(bruno.getByText('Rita Respondent')).toBeVisible();
    const brunoDecision = locale === 'de' ? 'Freigeben' : 'Approve';
    await bruno.getByRole('button', { name: brunoDecision, exact: true }).click();
    await expect(
      bruno
        .getByRole('status')
        .filter({ hasText: /freigegeben|approved/i })
        .first(),
    ).toBeVisible();

    // The owner rejects the team lead's step; a rejection without a reason is refused first.
    await page.goto(`${text.prefix}/v1/approve/approvals`);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('link', { name: 'Teamleitung' })).toBeVisible({ timeout: 2_000 });
    }).toPass({ timeout: 20_000 });
    await page.getByRole('link', { name: 'Teamleitung' }).click();
    await page.getByRole('button', { name: text.reject, exact: true }).click();
    await expect(page.getByText(text.commentRequired).first()).toBeVisible();
    await page.getByLabel(text.comment, { exact: true }).fill('Nicht in der Prüfungswoche.');
    await page.getByRole('button', { name: text.reject, exact: true }).click();
    await expect(
      page
        .getByRole('status')
        .filter({ hasText: /abgelehnt|rejected/i })
        .first(),
    ).toBeVisible();

    // The outcome and its history, under the submission.
    const submissions = await page.request.get(`/api/v1/forms/${formId}/submissions?page=1&pageSize=5`, {
      headers: await csrfHeaders(page.request),
    });
    const [submission] = (await submissions.json()).submissions as { id: string }[];
    await page.goto(`${text.prefix}/v1/submissions/${submission?.id}/workflow`);
    await expect(page.getByText(text.rejectedStatus).first()).toBeVisible();
    const history = page.getByRole('region', { name: text.history });
    await expect(history.getByText('Bruno Berger').first()).toBeVisible();
    await expect(history.getByText('Nicht in der Prüfungswoche.')).toBeVisible();

    // The requester, from outside the team, signs up with the address she asked from and sees the same.
    await signUpReady(respondent.request, 'Rita Respondent', locale, ritaEmail);
    await respondent.goto(`${text.prefix}/v1/submissions/${submission?.id}/workflow`);
    await expect(respondent.getByText(text.rejectedStatus).first()).toBeVisible();
    const herHistory = respondent.getByRole('region', { name: text.history });
    await expect(herHistory.getByText('Nicht in der Prüfungswoche.')).toBeVisible();
    await expect(respondent.getByRole('link', { name: text.toAnswers })).toHaveCount(0);
  });
}
