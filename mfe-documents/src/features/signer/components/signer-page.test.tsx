import type { SigningView } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { type ReactNode, useEffect } from 'react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';
import { useSignerStore } from '../stores/signer-store';
import type { MarkSource } from '../utils/make-mark';

// jsdom draws no PDF: the pages are empty boxes with the fields over them, and the document "loads" at once.
vi.mock('react-pdf', () => ({
  pdfjs: { GlobalWorkerOptions: {} },
  Document: ({ children, onLoadSuccess }: { children: ReactNode; onLoadSuccess?: () => void }) => {
    useEffect(() => onLoadSuccess?.(), [onLoadSuccess]);
    return <div>{children}</div>;
  },
  Page: () => null,
}));

// jsdom has no canvas: the PNG a drawn, typed or uploaded mark becomes is a stand-in here.
const markPng = 'iVBORw0KGgoAAAANSUhEUg==';
const makeMark = vi.fn(async (_source: MarkSource) => ({ png: markPng }));
vi.mock('../utils/make-mark', () => ({
  makeMark: (source: MarkSource) => makeMark(source),
}));

const token = 'T'.repeat(43);
const api = `/api/v1/signing/${token}`;

const field = (id: string, kind: SigningView['recipient']['fields'][number]['kind'], required: boolean, y: number) => ({
  id,
  page: 0,
  x: 0.1,
  y,
  width: 0.3,
  height: 0.05,
  kind,
  roleId: 'tenant',
  required,
});

function viewOf(changes: Partial<SigningView> = {}, recipient: Partial<SigningView['recipient']> = {}): SigningView {
  return {
    title: 'Mietvertrag Musterstraße 1',
    sender: { name: 'Sandra Sender' },
    message: 'Bitte bis Freitag.',
    language: 'de',
    status: 'sent',
    expiresAt: '2026-12-24T12:00:00.000Z',
    pageCount: 2,
    allowDelegation: false,
    hasSignedCopy: false,
    ...changes,
    recipient: {
      name: 'Erika Mustermann',
      email: 'erika@example.com',
      kind: 'signer',
      roleName: 'Mieter/in',
      stage: 1,
      status: 'open',
      isStageOpen: true,
      isVerified: true,
      fields: [
        field('sign', 'signature', true, 0.8),
        field('name', 'name', true, 0.7),
        field('date', 'date', false, 0.75),
        field('iban', 'text', true, 0.3),
        field('agree', 'checkbox', true, 0.5),
      ],
      prefilled: [],
      ...recipient,
    },
  };
}

type Call = { url: string; method: string; body: unknown };

/** The recipient's api: each route answers from `routes` (by method and path after the token), else 404. */
function serve(routes: Record<string, (body: unknown) => [number, unknown?]>) {
  const calls: Call[] = [];
  answerApi((url, init) => {
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ url, method, body });
    const path = url.startsWith(api) ? url.slice(api.length) : url;
    const route = routes[`${method} ${path}`];
    return route ? route(body) : [404, { error: { code: 'NOT_FOUND', message: 'no' } }];
  });
  return calls;
}
const posted = (calls: Call[], path: string) =>
  calls.filter((call) => call.method === 'POST' && call.url === `${api}${path}`).map((call) => call.body);
const refusal = (code: string, details?: unknown) => ({ error: { code, message: 'no', details } });

beforeEach(() => {
  makeMark.mockClear();
  useSignerStore.setState({ token: null, values: {}, currentFieldId: null });
  sessionStorage.clear();
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the api sets it so in a browser.
  document.cookie = 'me=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT';
  act(() => useSessionStore.getState().readCookies());
});

describe('the signing page', () => {
  it('confirms the mailbox by the mailed code: says where it went, how many tries a wrong code leaves', async () => {
    let isVerified = false;
    const calls = serve({
      'GET ': () => [200, viewOf({}, { isVerified })],
      'POST /code': () => [202, { sentTo: 'e***@example.com', expiresAt: '2026-11-26T10:10:00.000Z' }],
      'POST /verify': (body) => {
        if ((body as { code: string }).code !== '654321') {
          return [400, refusal('SIGNING_CODE_INVALID', { reason: 'wrong', triesLeft: 3 })];
        }
        isVerified = true;
        return [200, { verifiedUntil: '2026-11-26T11:00:00.000Z' }];
      },
    });
    await renderPage(`/form/signed?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mietvertrag Musterstraße 1' })).toBeTruthy();
    expect(
      screen.getByText('Sandra Sender bittet Sie, dieses Dokument bis zum 24.12.2026 zu unterschreiben.'),
    ).toBeTruthy();
    expect(screen.getByText('Bitte bis Freitag.')).toBeTruthy();
    // Nothing is sent on opening the link (mail scanners open links too).
    expect(posted(calls, '/code')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Code per E-Mail senden' }));
    expect(
      await screen.findByText(/^Wir haben einen Code an e\*\*\*@example\.com gesendet\. Er gilt bis /),
    ).toBeTruthy();
    const input = screen.getByRole('textbox', { name: 'Bestätigungscode' });
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    await waitFor(() => expect(document.activeElement).toBe(input));
    expect(
      (screen.getByRole('button', { name: /^Erneut senden in \d+ Sekunden$/ }) as HTMLButtonElement).disabled,
    ).toBe(true);

    // Six digits send the code at once.
    fireEvent.change(input, { target: { value: '123456' } });
    expect((await screen.findByRole('alert')).textContent).toBe('Dieser Code stimmt nicht. Sie haben noch 3 Versuche.');
    expect((input as HTMLInputElement).value).toBe('');

    // A pasted code, with the space a mail may put in it, is taken as its digits.
    fireEvent.paste(input, { clipboardData: { getData: () => '654 321' } });
    const guide = await screen.findByRole('region', { name: 'Felder ausfüllen' });
    // The code's field gives way to the document: focus goes to the first field to fill in.
    await waitFor(() => expect(document.activeElement).toBe(within(guide).getByRole('textbox', { name: 'Text' })));
    expect(posted(calls, '/verify')).toEqual([{ code: '123456' }, { code: '654321' }]);
  });

  it('after a code was asked for too often, says how many an hour it takes', async () => {
    serve({
      'GET ': () => [200, viewOf({}, { isVerified: false })],
      'POST /code': () => [429, refusal('RATE_LIMITED')],
    });
    await renderPage(`/en/form/signed?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Send code by email' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Too many codes were asked for (at most five an hour). Please use the code from the latest email, or try again later.',
    );
  });

  it('leads from one field to the next that is missing, counts the required ones, and signs with every value', async () => {
    const calls = serve({
      'GET ': () => [200, viewOf()],
      'POST /sign': () => [200, viewOf({}, { status: 'signed' })],
    });
    await renderPage(`/form/signed?token=${token}`);
    const guide = await screen.findByRole('region', { name: 'Felder ausfüllen' });
    // The name is the recipient's and the date today's from the start.
    expect(screen.getByText('1 von 4 Pflichtfeldern ausgefüllt')).toBeTruthy();

    // Finishing early names what is missing and goes to the first such field, in reading order.
    fireEvent.click(within(guide).getByRole('button', { name: /Unterschreiben und abschließen/ }));
    expect((await within(guide).findByRole('alert')).textContent).toBe('Es fehlen noch 3 Pflichtfelder.');
    const text = within(guide).getByRole('textbox', { name: 'Text' });
    await waitFor(() => expect(document.activeElement).toBe(text));
    fireEvent.change(text, { target: { value: '  DE02 1203 0000 0000 2020 51 ' } });
    expect(screen.getByText('2 von 4 Pflichtfeldern ausgefüllt')).toBeTruthy();

    fireEvent.click(within(guide).getByRole('button', { name: 'Weiter zum nächsten Feld' }));
    const agree = within(guide).getByRole('checkbox', { name: 'Ankreuzfeld' });
    await waitFor(() => expect(document.activeElement).toBe(agree));
    // A box on the page ticks at a press, as on paper.
    fireEvent.click(screen.getByRole('button', { name: 'Ankreuzfeld, Seite 1 von 2: Pflichtfeld, noch leer' }));
    expect((agree as HTMLInputElement).checked).toBe(true);

    // The signature: typed in a handwriting font in the dialog, then shown in its box.
    fireEvent.click(screen.getByRole('button', { name: 'Unterschrift, Seite 1 von 2: Pflichtfeld, noch leer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unterschrift' });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Tippen' }));
    expect((within(dialog).getByRole('textbox', { name: 'Ihr Name' }) as HTMLInputElement).value).toBe(
      'Erika Mustermann',
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unterschrift übernehmen' }));
    await waitFor(() => expect(dialog.hasAttribute('open')).toBe(false));
    expect(makeMark).toHaveBeenCalledWith(expect.objectContaining({ way: 'type', text: 'Erika Mustermann' }));
    expect(screen.getByText('4 von 4 Pflichtfeldern ausgefüllt')).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Unterschrift, Seite 1 von 2: ausgefüllt' })).toBeTruthy();

    fireEvent.click(within(guide).getByRole('button', { name: /Unterschreiben und abschließen/ }));
    const thanks = await screen.findByRole('heading', { name: 'Vielen Dank!' });
    await waitFor(() => expect(document.activeElement).toBe(thanks));
    const today = new Date();
    const iso = `${today.getFullYear()}-${String(today.getMonth() + 1).padStart(2, '0')}-${String(today.getDate()).padStart(2, '0')}`;
    expect(posted(calls, '/sign')).toEqual([
      {
        values: {
          sign: { png: markPng },
          name: 'Erika Mustermann',
          date: iso,
          iban: 'DE02 1203 0000 0000 2020 51',
          agree: true,
        },
      },
    ]);
  });

  it('shows the values filled from the form where they are drawn, fixed, beside the fields still to fill', async () => {
    const calls = serve({
      'GET ': () => [
        200,
        viewOf(
          {},
          {
            fields: [field('sign', 'signature', true, 0.8)],
            prefilled: [
              { field: { ...field('news', 'checkbox', false, 0.4), label: 'Newsletter' }, value: false },
              { field: field('start', 'date', true, 0.3), value: '2026-12-01' },
              { field: field('name', 'name', true, 0.2), value: 'Erika Mustermann' },
            ],
          },
        ),
      ],
      'POST /sign': () => [200, viewOf({}, { status: 'signed' })],
    });
    await renderPage(`/form/signed?token=${token}`);
    const guide = await screen.findByRole('region', { name: 'Felder ausfüllen' });
    // Only the signature is the person's to give: the prefilled required fields count for nothing.
    expect(screen.getByText('0 von 1 Pflichtfeld ausgefüllt')).toBeTruthy();
    expect(within(guide).getByText('Feld 1 von 1, Seite 1 · Pflichtfeld')).toBeTruthy();

    const page = await screen.findByRole('group', { name: 'Seite 1 von 2' });
    const name = within(page).getByRole('img', { name: 'Name, vorausgefüllt: Erika Mustermann' });
    expect(name.textContent).toBe('Erika Mustermann');
    expect(name.getAttribute('title')).toBe('Vorausgefüllt aus Ihrer Einsendung: Erika Mustermann');
    // The date as the seal draws it in the page's language, not as the api sends it.
    expect(within(page).getByRole('img', { name: 'Datum, vorausgefüllt: 01.12.2026' }).textContent).toBe('01.12.2026');
    expect(within(page).getByRole('img', { name: 'Newsletter, vorausgefüllt: nicht angekreuzt' })).toBeTruthy();
    // Nothing of theirs can be pressed or changed: the signature is the only field on the page.
    expect(
      within(page)
        .getAllByRole('button')
        .map((box) => box.getAttribute('aria-label')),
    ).toEqual(['Unterschrift, Seite 1 von 2: Pflichtfeld, noch leer']);
    expect(within(guide).queryByRole('textbox')).toBeNull();

    // Folded above the pages, the answers in reading order.
    fireEvent.click(screen.getByText('3 Angaben aus Ihrer Einsendung'));
    const listed = [...document.querySelectorAll('.signer-prefilled dt, .signer-prefilled dd')].map(
      (each) => each.textContent,
    );
    expect(listed).toEqual(['Name', 'Erika Mustermann', 'Datum', '01.12.2026', 'Newsletter', 'nicht angekreuzt']);

    // Signing sends the signature alone; the prefilled values are the server's.
    fireEvent.click(within(guide).getByRole('button', { name: 'Unterschreiben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unterschrift' });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Tippen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unterschrift übernehmen' }));
    await waitFor(() => expect(screen.getByText('1 von 1 Pflichtfeld ausgefüllt')).toBeTruthy());
    fireEvent.click(within(guide).getByRole('button', { name: /Unterschreiben und abschließen/ }));
    await waitFor(() => expect(posted(calls, '/sign')).toEqual([{ values: { sign: { png: markPng } } }]));
  });

  it('declines only with a reason, after saying that the request ends for everyone and all are told', async () => {
    const calls = serve({
      'GET ': () => [200, viewOf()],
      'POST /decline': () => [200, viewOf({ status: 'declined' }, { status: 'declined' })],
    });
    await renderPage(`/form/signed?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Ablehnen' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unterschrift ablehnen?' });
    expect(
      within(dialog).getByText(/Der Absender und alle bisher Beteiligten erhalten eine E-Mail mit Ihrem Grund/),
    ).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unterschrift ablehnen' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Bitte geben Sie einen Grund an.');
    expect(posted(calls, '/decline')).toHaveLength(0);

    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Grund' }), {
      target: { value: 'Die Miete ist falsch. ' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unterschrift ablehnen' }));
    expect(await screen.findByRole('heading', { name: 'Sie haben die Unterschrift abgelehnt' })).toBeTruthy();
    expect(screen.getByText(/Sandra Sender und alle bisher Beteiligten wurden per E-Mail informiert/)).toBeTruthy();
    expect(posted(calls, '/decline')).toEqual([{ reason: 'Die Miete ist falsch.' }]);
  });

  it('when earlier stages are not done, explains that they come first and a mail follows', async () => {
    serve({ 'GET ': () => [200, viewOf({}, { stage: 3, status: 'waiting', isStageOpen: false, isVerified: false })] });
    await renderPage(`/form/signed?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Sie sind noch nicht an der Reihe' })).toBeTruthy();
    expect(
      screen.getByText(
        'Dieses Dokument wird in Stufen unterschrieben, und Sie sind in Stufe 3. Zuerst müssen alle Beteiligten der Stufen 1 bis 2 ihren Teil erledigen. Sobald Sie an der Reihe sind, erhalten Sie eine E-Mail.',
      ),
    ).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Code per E-Mail senden' })).toBeNull();
  });

  it('when the request has expired, says so with its date and whom to ask', async () => {
    serve({ 'GET ': () => [200, viewOf({ status: 'expired' }, { isVerified: false })] });
    await renderPage(`/form/signed?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Diese Anfrage ist abgelaufen' })).toBeTruthy();
    expect(
      screen.getByText(
        'Die Anfrage galt bis zum 24.12.2026; jetzt lässt sie sich nicht mehr unterschreiben. Wenden Sie sich bitte an Sandra Sender, wenn Sie noch unterschreiben möchten.',
      ),
    ).toBeTruthy();
  });

  it('once completed, thanks and offers the signed copy and its certificate', async () => {
    serve({
      'GET ': () => [
        200,
        viewOf({ status: 'completed', hasSignedCopy: true }, { status: 'signed', isVerified: false }),
      ],
    });
    await renderPage(`/form/signed?token=${token}`);
    expect(await screen.findByRole('heading', { name: 'Vielen Dank!' })).toBeTruthy();
    const copy = screen.getByRole('link', { name: 'Unterschriebenes Dokument herunterladen' });
    expect(copy.getAttribute('href')).toBe(`${api}/signed`);
    const certificate = screen.getByRole('link', { name: 'Zertifikat herunterladen' });
    expect(certificate.getAttribute('href')).toBe(`${api}/certificate`);
  });

  it('while the signed copy is being sealed, says so and shows the downloads once it is there', async () => {
    let reads = 0;
    serve({
      'GET ': () => {
        reads += 1;
        const status = reads === 1 ? 'sealing' : 'completed';
        return [200, viewOf({ status, hasSignedCopy: status === 'completed' }, { status: 'signed' })];
      },
    });
    await renderPage(`/form/signed?token=${token}`);
    expect(await screen.findByText(/Das Dokument wird gerade versiegelt/)).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Zertifikat herunterladen' })).toBeNull();
    expect(await screen.findByRole('link', { name: 'Zertifikat herunterladen' }, { timeout: 6000 })).toBeTruthy();
  });

  it('for an unknown link, says the link does not exist', async () => {
    serve({});
    await renderPage(`/en/form/signed?token=${token}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Invalid link' })).toBeTruthy();
  });

  it('goes over to the request’s language once, then offers it', async () => {
    serve({ 'GET ': () => [200, viewOf({ language: 'en' }, { isVerified: false })] });
    const router = await renderPage(`/form/signed?token=${token}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/form/signed'));
    expect(router.state.location.search).toBe(`?token=${token}`);
    // Back in German by choice: the page stays, and offers the request's language in that language.
    await act(() => router.navigate(`/form/signed?token=${token}`));
    expect(router.state.location.pathname).toBe('/form/signed');
    expect(await screen.findByText('This request was sent in English.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show in English' }).getAttribute('href')).toBe(
      `/en/form/signed?token=${token}`,
    );
  });

  it('lets a viewer open the document after the code, and says that opening it was their part', async () => {
    let status: SigningView['recipient']['status'] = 'open';
    serve({ 'GET ': () => [200, viewOf({}, { kind: 'viewer', fields: [], status })] });
    await renderPage(`/form/signed?token=${token}`);
    expect(await screen.findByText('Zur Ansicht')).toBeTruthy();
    // Opening the file (the api records it as it sends it) is the viewer's part: they are told so.
    const done = await screen.findByRole('status');
    expect(done.textContent).toContain('Sie haben das Dokument geöffnet. Damit ist Ihr Teil erledigt, vielen Dank.');
    expect(screen.getByRole('group', { name: 'Seite 2 von 2' })).toBeTruthy();
    status = 'viewed';
    fireEvent.click(within(done).getByRole('button', { name: 'Fertig' }));
    expect(await screen.findByText(/^Sie haben das Dokument angesehen\./)).toBeTruthy();
  });

  it('lets a signed-in approver use their saved signature in one click, then approve without the optional field', async () => {
    const me = { id: 'u1', name: 'Anton Approver', email: 'anton@example.com', locale: 'en', survey: true };
    // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the api sets it so in a browser.
    document.cookie = `me=${encodeURIComponent(JSON.stringify(me))}; path=/`;
    act(() => useSessionStore.getState().readCookies());
    const saved = { kind: 'drawn', updatedAt: '2026-11-20T09:00:00.000Z', width: 600, height: 180 };
    const fields = [field('approval', 'signature', true, 0.8), field('note', 'text', false, 0.2)];
    const calls = serve({
      'GET ': () => [200, viewOf({ language: 'en' }, { kind: 'approver', fields })],
      'GET /api/v1/signature-marks': () => [200, { signature: saved, initials: null }],
      'POST /approve': () => [200, viewOf({ language: 'en' }, { kind: 'approver', fields, status: 'approved' })],
    });
    await renderPage(`/en/form/signed?token=${token}`);
    expect(await screen.findByText('0 of 1 required field filled in')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Signature, page 1 of 2: required, still empty' }));
    const dialog = await screen.findByRole('dialog', { name: 'Signature' });
    expect(within(dialog).getByRole('tab', { name: 'Saved' }).getAttribute('aria-selected')).toBe('true');
    expect(within(dialog).getByRole('img', { name: 'Your saved signature' }).getAttribute('src')).toBe(
      `/api/v1/signature-marks/signature/image?v=${encodeURIComponent(saved.updatedAt)}`,
    );
    fireEvent.click(within(dialog).getByRole('button', { name: 'Adopt signature' }));
    expect(await screen.findByText('1 of 1 required field filled in')).toBeTruthy();
    expect(makeMark).toHaveBeenCalledWith({
      way: 'saved',
      imageUrl: `/api/v1/signature-marks/signature/image?v=${encodeURIComponent(saved.updatedAt)}`,
    });
    fireEvent.click(screen.getByRole('button', { name: /^Approve$/ }));
    expect(await screen.findByText(/^You have approved the document\./)).toBeTruthy();
    expect(posted(calls, '/approve')).toEqual([{ values: { approval: { png: markPng } } }]);
  });

  it('when the hour of the code ran out while filling in, asks for a new code and keeps what was filled in', async () => {
    let isVerified = true;
    serve({
      'GET ': () => [200, viewOf({}, { isVerified })],
      'POST /sign': () => {
        isVerified = false;
        return [401, refusal('SIGNING_NOT_VERIFIED')];
      },
      'POST /verify': () => {
        isVerified = true;
        return [200, { verifiedUntil: '2026-11-26T11:00:00.000Z' }];
      },
      'POST /code': () => [202, { sentTo: 'e***@example.com', expiresAt: '2026-11-26T10:10:00.000Z' }],
    });
    await renderPage(`/form/signed?token=${token}`);
    const guide = await screen.findByRole('region', { name: 'Felder ausfüllen' });
    fireEvent.click(within(guide).getByRole('button', { name: /Unterschreiben und abschließen/ }));
    fireEvent.change(await within(guide).findByRole('textbox', { name: 'Text' }), { target: { value: 'DE02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Ankreuzfeld, Seite 1 von 2: Pflichtfeld, noch leer' }));
    fireEvent.click(screen.getByRole('button', { name: 'Unterschrift, Seite 1 von 2: Pflichtfeld, noch leer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Unterschrift' });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Tippen' }));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Unterschrift übernehmen' }));
    await screen.findByText('4 von 4 Pflichtfeldern ausgefüllt');
    fireEvent.click(within(guide).getByRole('button', { name: /Unterschreiben und abschließen/ }));

    expect((await screen.findByRole('alert')).textContent).toBe(
      'Ihre Bestätigung ist abgelaufen. Bitte fordern Sie einen neuen Code an; Ihre Eingaben bleiben erhalten.',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Code per E-Mail senden' }));
    fireEvent.change(await screen.findByRole('textbox', { name: 'Bestätigungscode' }), { target: { value: '111111' } });
    expect(await screen.findByText('4 von 4 Pflichtfeldern ausgefüllt')).toBeTruthy();
  });

  it('hands the part on to another person, after which this link is done', async () => {
    const calls = serve({
      'GET ': () => [200, viewOf({ allowDelegation: true })],
      'POST /delegate': (body) =>
        (body as { email: string }).email === 'sandra@example.com'
          ? [400, refusal('VALIDATION_FAILED', { issues: [{ path: ['email'], code: 'taken', message: 'no' }] })]
          : [204],
    });
    await renderPage(`/form/signed?token=${token}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Weitergeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'An eine andere Person weitergeben' });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'Name' }), { target: { value: 'Detlef Delegate' } });
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' }), {
      target: { value: 'sandra@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weitergeben' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe(
      'Diese Person ist an der Anfrage schon beteiligt.',
    );
    fireEvent.change(within(dialog).getByRole('textbox', { name: 'E-Mail-Adresse' }), {
      target: { value: 'detlef@example.com' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Weitergeben' }));
    expect(await screen.findByRole('heading', { name: 'Weitergegeben' })).toBeTruthy();
    expect(screen.getByText(/^Detlef Delegate hat einen eigenen Link per E-Mail erhalten/)).toBeTruthy();
    expect(posted(calls, '/delegate').at(-1)).toEqual({ name: 'Detlef Delegate', email: 'detlef@example.com' });
  });
});
