import { expect, test } from '@playwright/test';
import { createPublishedForm } from '../support/forms';
import { signUpReady } from '../support/session';

// The javascript tab: the owner's code runs on the public page in a sandboxed frame, talks to the
// form through `formwerk.*` (docs/custom-script-api.md), and cannot reach the site's cookies, the
// page, the signed-in session or the top window. The owner looks at the form signed in, so a session
// exists for the script to try.
const definition = {
  title: 'Anmeldung',
  language: 'de',
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: true },
        { id: 'greeting', type: 'shortText', label: 'Greeting' },
        { id: 'probe', type: 'longText', label: 'Probe' },
      ],
    },
    { id: 'p2', fields: [{ id: 'pageNote', type: 'shortText', label: 'Page note' }] },
  ],
};

const script = `formwerk.on('change', function (event) {
  if (event.fieldId === 'name') formwerk.setValue('greeting', event.value ? 'Hallo ' + event.value : null);
});
formwerk.on('pageChange', function (event) {
  formwerk.setValue('pageNote', 'Seite ' + (event.pageIndex + 1) + ' von ' + event.pageCount);
});
formwerk.on('submit', function (event) {
  console.log('formwerk-submit ' + JSON.stringify(event.values));
});

var probe = { origin: String(self.origin) };
function attempt(name, action) {
  try { probe[name] = 'allowed: ' + action(); } catch (error) { probe[name] = error.name; }
}
attempt('cookie', function () { return document.cookie; });
attempt('storage', function () { return localStorage.length; });
attempt('parent', function () { return parent.document.title; });
attempt('top', function () { top.location.href = '/hijacked'; return 'navigating'; });
// Read as the signed-in owner, then try to sign the owner out.
fetch('/api/v1/sessions', { credentials: 'include' })
  .then(function (response) { return 'status ' + response.status; }, function () { return 'failed'; })
  .then(function (read) {
    probe.read = read;
    return fetch('/api/v1/auth/logout', { method: 'POST', credentials: 'include' })
      .then(function (response) { return 'status ' + response.status; }, function () { return 'failed'; });
  })
  .then(function (logout) {
    probe.logout = logout;
    formwerk.setValue('probe', JSON.stringify(probe));
  });`;

test('javascript tab: code saved in German runs on the English page, sandboxed away from the session', async ({
  page,
}) => {
  await signUpReady(page.request, 'Olga Owner');
  const formId = await createPublishedForm(page.request, definition);

  await page.goto(`/v1/forms/${formId}/setting/javascript`);
  await expect(page.getByRole('heading', { level: 2, name: 'Eigenes JavaScript' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Felder dieses Formulars' }).getByText('pageNote')).toBeVisible();
  await page.getByRole('textbox', { name: 'Code' }).fill(script);
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByRole('status').filter({ hasText: /Gespeichert/ })).toBeVisible();

  // The owner is signed in: the session the script will try to use is real.
  expect((await page.request.get('/api/v1/sessions')).status()).toBe(200);
  expect((await page.context().cookies()).some((cookie) => cookie.name === 'token')).toBe(true);

  await page.goto(`/en/form/${formId}`);
  await expect(page.locator('iframe[title]')).toHaveAttribute('sandbox', 'allow-scripts');

  // What the script could do from its frame, written by the script itself into the field "Probe".
  const probeField = page.getByRole('textbox', { name: 'Probe' });
  await expect(probeField).toHaveValue(/"logout"/);
  const probe = JSON.parse(await probeField.inputValue());
  expect(probe).toMatchObject({
    origin: 'null',
    cookie: 'SecurityError',
    storage: 'SecurityError',
    parent: 'SecurityError',
    top: 'SecurityError',
  });
  // Requests from the frame's opaque origin carry none of the site's cookies, and the browser keeps
  // the answers from it: the script read nothing as the owner and could not sign the owner out.
  expect(['failed', 'status 401']).toContain(probe.read);
  expect(['failed', 'status 401', 'status 403']).toContain(probe.logout);
  expect((await page.request.get('/api/v1/sessions')).status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/en/form/${formId}`);

  // The script reacts to what the respondent does.
  await page.getByLabel(/^Name/).fill('Ina');
  await expect(page.getByRole('textbox', { name: 'Greeting' })).toHaveValue('Hallo Ina');
  await page.getByRole('button', { name: 'Next' }).click();
  await expect(page.getByRole('textbox', { name: 'Page note' })).toHaveValue('Seite 2 von 2');
  // A person takes a moment; the api refuses forms sent back within 3 seconds.
  await page.waitForTimeout(3000);
  const submitted = page.waitForEvent('console', (message) => message.text().startsWith('formwerk-submit '));
  await page.getByRole('button', { name: 'Submit' }).click();
  const values = JSON.parse((await submitted).text().slice('formwerk-submit '.length));
  expect(values).toMatchObject({ name: 'Ina', greeting: 'Hallo Ina', pageNote: 'Seite 2 von 2' });
  await expect(page.getByRole('heading', { name: 'Thank you!' })).toBeVisible();

  // Nothing the script tried touched the owner's session.
  expect((await page.request.get('/api/v1/sessions')).status()).toBe(200);
  expect(new URL(page.url()).pathname).toBe(`/en/form/${formId}`);
});
