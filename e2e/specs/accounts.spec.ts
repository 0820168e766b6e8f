import { type Browser, expect, type Page, test } from '@playwright/test';
import { waitForMailLink } from '../support/mailbox';
import { uniqueEmail } from '../support/session';

// The accounts story through the UI, with the mails the site really sends (a real SMTP server run by
// `npm test`): sign-up, verification, team with invitation, roles and groups, forgot and reset password.
const stories = [
  {
    locale: 'de',
    prefix: '',
    texts: {
      toSignUp: 'Noch kein Konto? Jetzt registrieren',
      create: 'Konto erstellen',
      signIn: 'Anmelden',
      email: 'E-Mail-Adresse',
      password: 'Passwort',
      surveyRole: 'Personalabteilung',
      continue: 'Weiter zur Übersicht',
      checkMail: 'Fast geschafft: Bitte prüfen Sie Ihr Postfach',
      resend: 'Link erneut senden',
      resent: 'Wir haben den Link noch einmal geschickt.',
      backToSignIn: 'Zurück zur Anmeldung',
      notVerified: 'Bitte bestätigen Sie zuerst Ihre E-Mail-Adresse',
      confirmed: 'Ihre E-Mail-Adresse ist bestätigt. Willkommen bei Formwerk!',
      linkInvalid: 'Dieser Link ist ungültig, schon benutzt oder abgelaufen',
      newLink: 'Neuen Link senden',
      newLinkSent: 'Falls zu dieser Adresse ein unbestätigtes Konto existiert, ist ein neuer Link unterwegs.',
      verifySubject: /E-Mail-Adresse/,
      team: 'Team',
      inviteEmail: 'E-Mail-Adresse',
      sendInvitation: 'Einladung senden',
      invited: (email: string) => `Einladung an ${email} gesendet.`,
      inviteSubject: /Einladung zum Team/,
      invitationTitle: (team: string) => `Einladung zu ${team}`,
      name: 'Name',
      joinSignUp: 'Konto anlegen und beitreten',
      roleOf: (name: string) => `Rolle von ${name}`,
      groups: 'Gruppen',
      groupName: 'Name der Gruppe',
      createGroup: 'Gruppe anlegen',
      teamMember: 'Mitglied des Teams',
      add: 'Hinzufügen',
      removeFromGroup: (name: string) => `${name} aus der Gruppe entfernen`,
      deleteGroup: 'Gruppe löschen',
      confirmDelete: 'Löschen',
      noGroups: 'Noch keine Gruppen. Legen Sie die erste an.',
      removeMember: (name: string) => `${name} entfernen`,
      confirmRemove: 'Entfernen',
      logout: 'Abmelden',
      forgot: 'Passwort vergessen?',
      forgotTitle: 'Passwort vergessen',
      sendLink: 'Link senden',
      linkSent: 'Falls zu dieser Adresse ein Konto existiert',
      resetSubject: /Passwort zurücksetzen/,
      newPassword: 'Neues Passwort (mindestens 10 Zeichen)',
      repeatPassword: 'Neues Passwort wiederholen',
      setPassword: 'Passwort festlegen',
      profile: 'Profil',
    },
  },
  {
    locale: 'en',
    prefix: '/en',
    texts: {
      toSignUp: 'No account yet? Sign up',
      create: 'Create account',
      signIn: 'Sign in',
      email: 'Email address',
      password: 'Password',
      surveyRole: 'Human resources',
      continue: 'Continue to the overview',
      checkMail: 'Almost there: please check your inbox',
      resend: 'Send the link again',
      resent: 'We sent the link once more.',
      backToSignIn: 'Back to sign-in',
      notVerified: 'Please confirm your email address first',
      confirmed: 'Your email address is confirmed. Welcome to Formwerk!',
      linkInvalid: 'This link is invalid, used or expired',
      newLink: 'Send a new link',
      newLinkSent: 'If an unconfirmed account exists for that address, a new link is on its way.',
      verifySubject: /confirm your email/,
      team: 'Team',
      inviteEmail: 'Email address',
      sendInvitation: 'Send invitation',
      invited: (email: string) => `Invitation sent to ${email}.`,
      inviteSubject: /Invitation to the team/,
      invitationTitle: (team: string) => `Invitation to ${team}`,
      name: 'Name',
      joinSignUp: 'Create account and join',
      roleOf: (name: string) => `Role of ${name}`,
      groups: 'Groups',
      groupName: 'Group name',
      createGroup: 'Create group',
      teamMember: 'Team member',
      add: 'Add',
      removeFromGroup: (name: string) => `Remove ${name} from the group`,
      deleteGroup: 'Delete group',
      confirmDelete: 'Delete',
      noGroups: 'No groups yet. Create the first one.',
      removeMember: (name: string) => `Remove ${name}`,
      confirmRemove: 'Remove',
      logout: 'Sign out',
      forgot: 'Forgot your password?',
      forgotTitle: 'Forgot password',
      sendLink: 'Send link',
      linkSent: 'If an account exists for that address',
      resetSubject: /Reset your password/,
      newPassword: 'New password (at least 10 characters)',
      repeatPassword: 'Repeat the new password',
      setPassword: 'Set password',
      profile: 'Profile',
    },
  },
] as const;

type Texts = (typeof stories)[number]['texts'];

async function answerSurveyInUi(page: Page, texts: Texts, prefix: string) {
  await expect(page).toHaveURL(new RegExp(`${prefix}/v1/survey(\\?|$)`));
  await page.getByLabel(texts.surveyRole).check();
  await page.getByRole('button', { name: texts.continue }).click();
  await expect(page).toHaveURL(`${prefix}/v1`);
}

async function openInFreshBrowser(browser: Browser, baseURL: string, path: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto(path);
  return page;
}

for (const { locale, prefix, texts } of stories) {
  test(`in ${locale}: sign up, verify, run a team with an invited member and a group, reset the password`, async ({
    page,
    browser,
    baseURL,
  }) => {
    test.setTimeout(120_000);
    const ownerName = `Grete ${locale.toUpperCase()} Owner`;
    const ownerEmail = uniqueEmail(`owner-${locale}`);
    const password = 'first password 123';

    // Sign up in the login dialog, which then waits for the mail and can send its link again.
    await page.goto(`${prefix}/?login=true`);
    const dialog = page.getByRole('dialog');
    await dialog.getByRole('button', { name: texts.toSignUp }).click();
    await dialog.getByLabel(texts.name).fill(ownerName);
    await dialog.getByLabel(texts.email).fill(ownerEmail);
    await dialog.getByLabel(texts.password).fill(password);
    await dialog.getByRole('button', { name: texts.create }).click();
    await expect(dialog.getByRole('heading', { name: texts.checkMail })).toBeFocused();
    await expect(dialog).toContainText(ownerEmail);
    await dialog.getByRole('button', { name: texts.resend }).click();
    await expect(dialog.getByText(texts.resent)).toBeVisible();

    // Signing in before confirming the address sends one more link and says so.
    await dialog.getByRole('button', { name: texts.backToSignIn }).click();
    await dialog.getByLabel(texts.email).fill(ownerEmail);
    await dialog.getByLabel(texts.password, { exact: true }).fill(password);
    await dialog.getByRole('button', { name: texts.signIn, exact: true }).click();
    await expect(dialog.getByRole('heading', { name: texts.notVerified })).toBeVisible();

    // The first link confirms the address and signs in: the survey says so, then the overview.
    const firstLink = await waitForMailLink(ownerEmail, texts.verifySubject);
    await waitForMailLink(ownerEmail, texts.verifySubject, { index: 2 });
    await page.goto(firstLink);
    await expect(page).toHaveURL(`${prefix}/v1/survey?verified=true`);
    await expect(page.getByText(texts.confirmed)).toBeVisible();
    await answerSurveyInUi(page, texts, prefix);

    // The other links are void now: a guest opening one lands on /verify, which offers a new link.
    const guest = await openInFreshBrowser(
      browser,
      baseURL as string,
      await waitForMailLink(ownerEmail, texts.verifySubject, { index: 1 }),
    );
    await expect(guest).toHaveURL(`${prefix}/verify?result=invalid`);
    await expect(guest.getByRole('heading', { name: texts.linkInvalid })).toBeVisible();
    await guest.getByLabel(texts.email).fill(ownerEmail);
    await guest.getByRole('button', { name: texts.newLink }).click();
    await expect(guest.getByRole('status')).toHaveText(texts.newLinkSent);
    await guest.context().close();

    // The owner invites someone without an account, who signs up through the mailed link.
    await page.getByRole('navigation').getByRole('link', { name: texts.team }).click();
    await expect(page).toHaveURL(`${prefix}/v1/team`);
    const memberEmail = uniqueEmail(`member-${locale}`);
    const memberName = `Mia ${locale.toUpperCase()} Member`;
    await page.getByLabel(texts.inviteEmail, { exact: true }).fill(memberEmail);
    await page.getByRole('button', { name: texts.sendInvitation }).click();
    await expect(page.getByText(texts.invited(memberEmail))).toBeVisible();

    const member = await openInFreshBrowser(
      browser,
      baseURL as string,
      await waitForMailLink(memberEmail, texts.inviteSubject),
    );
    await expect(member.getByRole('heading', { name: texts.invitationTitle(ownerName) })).toBeVisible();
    await member.getByLabel(texts.name, { exact: true }).fill(memberName);
    await member.getByLabel(new RegExp(`^${texts.password}`)).fill('member password 123');
    await member.getByRole('button', { name: texts.joinSignUp }).click();
    await answerSurveyInUi(member, texts, prefix);
    // A member of the team is refused its owner-only pages.
    await member.goto(`${prefix}/v1/team`);
    await expect(member).toHaveURL(`${prefix}/v1`);
    await member.goto(`${prefix}/v1/team/groups`);
    await expect(member).toHaveURL(`${prefix}/v1`);
    await expect(member.getByRole('combobox')).toContainText(ownerName);
    await member.context().close();

    // The owner sees the member, makes them an admin, and runs a group with them.
    await page.reload();
    const roleSelect = page.getByLabel(texts.roleOf(memberName));
    await roleSelect.selectOption('admin');
    await page.reload();
    await expect(page.getByLabel(texts.roleOf(memberName))).toHaveValue('admin');

    await page.getByRole('link', { name: texts.groups }).click();
    await expect(page).toHaveURL(`${prefix}/v1/team/groups`);
    await expect(page.getByText(texts.noGroups)).toBeVisible();
    const groupName = `Approvers ${locale}`;
    await page.getByLabel(texts.groupName).fill(groupName);
    await page.getByRole('button', { name: texts.createGroup }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(groupName);
    await page.getByLabel(texts.teamMember).selectOption({ label: `${memberName} (${memberEmail})` });
    await page.getByRole('button', { name: texts.add, exact: true }).click();
    const removeFromGroup = page.getByRole('button', { name: texts.removeFromGroup(memberName) });
    await expect(removeFromGroup).toBeVisible();
    await removeFromGroup.click();
    await expect(removeFromGroup).toHaveCount(0);
    await page.getByRole('button', { name: texts.deleteGroup }).click();
    await page.getByRole('dialog').getByRole('button', { name: texts.confirmDelete }).click();
    await expect(page).toHaveURL(`${prefix}/v1/team/groups`);
    await expect(page.getByText(texts.noGroups)).toBeVisible();

    // Removing the member takes them off the list.
    await page.goto(`${prefix}/v1/team`);
    await page.getByRole('button', { name: texts.removeMember(memberName) }).click();
    await page.getByRole('dialog').getByRole('button', { name: texts.confirmRemove }).click();
    await expect(page.getByLabel(texts.roleOf(memberName))).toHaveCount(0);

    // Forgot password, from the login dialog; the mailed link sets a new one and signs in.
    await page.getByRole('link', { name: texts.logout }).click();
    await expect(page).toHaveURL(prefix || '/');
    await page.goto(`${prefix}/?login=true`);
    await page.getByRole('dialog').getByRole('link', { name: texts.forgot }).click();
    await expect(page).toHaveURL(`${prefix}/forgot-password`);
    // The page itself, not the dialog it came from, and the address in its field before sending.
    await expect(page.getByRole('heading', { level: 1, name: texts.forgotTitle })).toBeVisible();
    const resetEmail = page.getByLabel(texts.email);
    await resetEmail.fill(ownerEmail);
    await expect(resetEmail).toHaveValue(ownerEmail);
    await page.getByRole('button', { name: texts.sendLink }).click();
    // Sending queues a mail: on a busy machine that can take a while.
    await expect(page.getByText(texts.linkSent)).toBeVisible({ timeout: 30_000 });
    await page.goto(await waitForMailLink(ownerEmail, texts.resetSubject));
    const newPassword = 'second password 456';
    await page.getByLabel(texts.newPassword).fill(newPassword);
    await page.getByLabel(texts.repeatPassword).fill(newPassword);
    await page.getByRole('button', { name: texts.setPassword }).click();
    await expect(page).toHaveURL(`${prefix}/v1`);

    // Signed out, a guarded page opens the login dialog and returns there after signing in.
    await page.getByRole('link', { name: texts.logout }).click();
    // The logout page ends the session, then moves on to the home page.
    await expect(page).toHaveURL(prefix || '/');
    await page.goto(`${prefix}/v1/profile`);
    await expect(page).toHaveURL(`${prefix}?redirect=${encodeURIComponent(`${prefix}/v1/profile`)}&login=true`);
    const login = page.getByRole('dialog');
    await login.getByLabel(texts.email).fill(ownerEmail);
    await login.getByLabel(texts.password, { exact: true }).fill(password);
    await login.getByRole('button', { name: texts.signIn, exact: true }).click();
    await expect(login.getByRole('alert')).toBeVisible();
    await login.getByLabel(texts.password, { exact: true }).fill(newPassword);
    await login.getByRole('button', { name: texts.signIn, exact: true }).click();
    await expect(page).toHaveURL(`${prefix}/v1/profile`);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(texts.profile);
  });
}
