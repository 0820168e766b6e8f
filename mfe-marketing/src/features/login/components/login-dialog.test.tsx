import { renderAreaPage } from '@formwerk/platform/testing';
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import areaModule from '../../../exposes/routes';

// jsdom has <dialog> without its modal methods: open and close are all the dialog needs of them.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
  };
});

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

type Answer = [status: number, body?: unknown];

/** Stubs the network: each call ("POST /auth/login") is answered by `answers`; answers the calls made. */
function answerApi(answers: Record<string, Answer | Answer[]>) {
  const calls: string[] = [];
  const queueOf = (answer: Answer | Answer[]) => (Array.isArray(answer[0]) ? (answer as Answer[]) : [answer as Answer]);
  const left = new Map(Object.entries(answers).map(([call, answer]) => [call, queueOf(answer)]));
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init?: RequestInit) => {
      const call = `${init?.method ?? 'GET'} ${url.replace('/api/v1', '')}`;
      calls.push(`${call} ${init?.body ?? ''}`.trim());
      const queue = left.get(call) ?? [];
      const [status, body] = (queue.length > 1 ? queue.shift() : queue[0]) ?? [404, { error: { code: 'NOT_FOUND' } }];
      return new Response(body === undefined ? null : JSON.stringify(body), { status });
    }),
  );
  return calls;
}

const session = { user: { id: 'u1', name: 'Ada', email: 'ada@example.com' }, teamId: 1 };
const noGoogle = { 'GET /auth/providers': [200, { google: false }] } satisfies Record<string, Answer>;

async function signInWithPassword() {
  fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
  fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
  return screen.findByRole('heading', { name: 'Two-step verification' });
}

function enterCode(label: string, code: string, submit: string) {
  fireEvent.change(screen.getByLabelText(label), { target: { value: code } });
  fireEvent.click(screen.getByRole('button', { name: submit }));
}

describe('the login dialog’s second step', () => {
  it('asks for the app’s code after the right password, then opens the page it was opened for', async () => {
    const calls = answerApi({
      ...noGoogle,
      'POST /auth/login': [200, { step: 'two-factor' }],
      'POST /auth/two-factor': [200, session],
    });
    const router = await renderAreaPage('marketing', areaModule, '/en/?login=true&redirect=/en/v1/forms');

    const heading = await signInWithPassword();
    await waitFor(() => expect(document.activeElement).toBe(heading));
    expect(router.state.location.search).toContain('loginStep=two-factor');
    enterCode('Code from the app', '123 456', 'Verify');

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/forms'));
    expect(calls).toContain('POST /auth/two-factor {"code":"123 456"}');
  });

  it('says when a code is wrong, keeps the step, and takes a recovery code instead', async () => {
    const calls = answerApi({
      ...noGoogle,
      'POST /auth/login': [200, { step: 'two-factor' }],
      'POST /auth/two-factor': [
        [400, { error: { code: 'TWO_FACTOR_CODE_INVALID', message: 'wrong' } }],
        [200, session],
      ],
    });
    const router = await renderAreaPage('marketing', areaModule, '/en/?login=true');
    await signInWithPassword();
    enterCode('Code from the app', '000000', 'Verify');

    expect((await screen.findByRole('alert')).textContent).toBe(
      'The code is wrong or was used already. Please enter the next code of your app.',
    );
    expect((screen.getByLabelText('Code from the app') as HTMLInputElement).value).toBe('');
    fireEvent.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    enterCode('Recovery code', 'abcde-fghjk', 'Verify');

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1'));
    expect(calls).toContain('POST /auth/two-factor {"code":"abcde-fghjk"}');
  });

  it('goes back to the password with the reason when the step is over', async () => {
    answerApi({
      ...noGoogle,
      'POST /auth/login': [200, { step: 'two-factor' }],
      'POST /auth/two-factor': [401, { error: { code: 'SIGN_IN_STEP_EXPIRED', message: 'over' } }],
    });
    const router = await renderAreaPage('marketing', areaModule, '/en/?login=true');
    await signInWithPassword();
    enterCode('Code from the app', '123456', 'Verify');

    expect((await screen.findByRole('alert')).textContent).toBe('Signing in took too long. Please sign in again.');
    expect(screen.getByRole('heading', { name: 'Sign in' })).toBeTruthy();
    expect(router.state.location.search).not.toContain('loginStep');
  });

  it('sets up the app a team requires, shows the recovery codes once, and then goes on', async () => {
    const calls = answerApi({
      ...noGoogle,
      'POST /auth/two-factor/setup': [
        200,
        {
          secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
          otpauthUrl:
            'otpauth://totp/Formwerk:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Formwerk',
          qrCode: 'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E',
        },
      ],
      'POST /auth/two-factor/setup/confirm': [200, { ...session, recoveryCodes: ['aaaaa-bbbbb', 'ccccc-ddddd'] }],
    });
    const router = await renderAreaPage(
      'marketing',
      areaModule,
      '/en/?login=true&loginStep=enrol-two-factor&redirect=/en/v1/approve',
    );

    expect(screen.getByRole('heading', { name: 'Set up two-step verification' })).toBeTruthy();
    const qrCode = (await screen.findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement;
    expect(qrCode.src).toMatch(/^data:image\/svg\+xml/);
    expect(screen.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    enterCode('Code from the app', '654321', 'Set up and sign in');

    const codes = await screen.findByRole('list', { name: 'Your recovery codes' });
    expect([...codes.querySelectorAll('li')].map((item) => item.textContent)).toEqual(['aaaaa-bbbbb', 'ccccc-ddddd']);
    const download = screen.getByRole('link', { name: 'Download' });
    expect(download.getAttribute('download')).toBe('formwerk-recovery-codes.txt');
    expect(decodeURIComponent(download.getAttribute('href') ?? '')).toBe(
      'data:text/plain;charset=utf-8,aaaaa-bbbbb\nccccc-ddddd\n',
    );
    expect(router.state.location.pathname).toBe('/en/');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/en/v1/approve'));
    expect(calls.filter((call) => call === 'POST /auth/two-factor/setup')).toHaveLength(1);
    expect(calls).toContain('POST /auth/two-factor/setup/confirm {"code":"654321"}');
  });
});

describe('the login dialog’s Google sign-in', () => {
  it('shows the button only when the api offers it, leading there with the page, language and remember me', async () => {
    answerApi({ 'GET /auth/providers': [200, { google: true }] });
    await renderAreaPage('marketing', areaModule, '/en/?login=true&redirect=/en/v1/forms');

    const button = await screen.findByRole('link', { name: 'Sign in with Google' });
    expect(button.getAttribute('href')).toBe(
      '/api/v1/auth/google?locale=en&rememberMe=false&redirect=%2Fen%2Fv1%2Fforms',
    );
    fireEvent.click(screen.getByLabelText('Keep me signed in (30 days)'));
    expect(button.getAttribute('href')).toContain('rememberMe=true');
  });

  it('shows no button when the api offers none', async () => {
    answerApi(noGoogle);
    await renderAreaPage('marketing', areaModule, '/?login=true');
    await screen.findByRole('heading', { name: 'Anmelden' });
    await waitFor(() => expect(vi.mocked(fetch)).toHaveBeenCalled());
    expect(screen.queryByRole('link', { name: 'Mit Google anmelden' })).toBeNull();
  });

  it('says why a Google sign-in ended in the dialog', async () => {
    answerApi(noGoogle);
    await renderAreaPage('marketing', areaModule, '/?login=true&loginError=google-unverified');
    expect(screen.getByRole('alert').textContent).toBe(
      'Google hat diese E-Mail-Adresse nicht bestätigt. Bitte bestätigen Sie sie bei Google oder melden Sie sich mit Ihrem Passwort an.',
    );
  });

  it('asks for the app’s code when the Google sign-in lands at that step', async () => {
    answerApi({ ...noGoogle, 'POST /auth/two-factor': [200, session] });
    const router = await renderAreaPage(
      'marketing',
      areaModule,
      '/?login=true&loginStep=two-factor&redirect=/v1/forms',
    );
    expect(screen.getByRole('heading', { name: 'Bestätigung in zwei Schritten' })).toBeTruthy();
    enterCode('Code aus der App', '123456', 'Bestätigen');
    await waitFor(() => expect(router.state.location.pathname).toBe('/v1/forms'));
  });
});

describe('the login dialog and single sign-on', () => {
  it('leads to the SSO page, and says so when the address must sign in there', async () => {
    answerApi({ ...noGoogle, 'POST /auth/login': [403, { error: { code: 'SSO_REQUIRED' } }] });
    await renderAreaPage('marketing', areaModule, '/en/?login=true');
    expect(screen.getByRole('link', { name: 'Sign in with single sign-on (SSO)' }).getAttribute('href')).toBe(
      '/en/sso',
    );

    fireEvent.change(screen.getByLabelText('Email address'), { target: { value: 'ada@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This address must sign in with single sign-on. Please sign in with SSO.',
    );
  });

  it('says so when a Google sign-in was refused because the address must use single sign-on', async () => {
    answerApi(noGoogle);
    await renderAreaPage('marketing', areaModule, '/en/?login=true&loginError=sso-required');
    expect(screen.getByRole('alert').textContent).toBe(
      'This address must sign in with single sign-on, not with Google. Please sign in with SSO.',
    );
    expect(screen.getByRole('link', { name: 'Sign in with single sign-on (SSO)' })).toBeTruthy();
  });
});

describe('the login dialog opened for a sign-up', () => {
  it('starts on the sign-up when the link asks for it', async () => {
    answerApi(noGoogle);
    await renderAreaPage('marketing', areaModule, '/?login=true&loginMode=sign-up&redirect=/v1');
    expect(await screen.findByRole('heading', { name: 'Konto erstellen' })).toBeTruthy();
    expect(screen.getByLabelText('Name')).toBeTruthy();
  });
});
