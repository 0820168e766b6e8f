import type { SecurityOverview, SignInHistory } from '@formwerk/contracts';
import { renderAreaPage } from '@formwerk/platform/testing';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';
import areaModule from '../../../exposes/routes';
import { withAreaQueries } from '../../../query/area-queries';
import { answerEachCall } from '../../../test/render-page';
import { SecuritySection } from './security-section';

// The section on the profile's route, as the profile page shows it (with the area's query cache).
const withSection = { ...areaModule, pages: { ...areaModule.pages, profile: withAreaQueries(SecuritySection) } };
const renderSection = () => renderAreaPage('account', withSection, '/en/v1/profile?view=security');

// jsdom has <dialog> without its modal methods: open and close are all the dialogs need of them.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal ??= function showModal(this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function close(this: HTMLDialogElement) {
    this.open = false;
    this.dispatchEvent(new Event('close'));
  };
});

function overview(twoFactor: Partial<SecurityOverview['twoFactor']> = {}): SecurityOverview {
  return {
    twoFactor: { isEnabled: false, enabledAt: null, recoveryCodesLeft: 0, isRequiredByTeam: false, ...twoFactor },
    hasPassword: true,
    isGoogleLinked: false,
  };
}

const enabled = overview({ isEnabled: true, enabledAt: '2025-03-04T10:15:00.000Z', recoveryCodesLeft: 8 });
const noSignIns: SignInHistory = { entries: [], page: 1, pageCount: 1, total: 0 };
const setup = {
  secret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  otpauthUrl: 'otpauth://totp/Formwerk:ada%40example.com?secret=JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP&issuer=Formwerk',
  qrCode: 'data:image/svg+xml;charset=utf-8,%3Csvg%3E%3C%2Fsvg%3E',
};
const recoveryCodes = ['aaaaa-bbbbb', 'ccccc-ddddd', 'eeeee-fffff'];

const openDialog = () => screen.getByRole('dialog');

describe('the security section', () => {
  it('sets up two-step verification: QR code and key, the first code, then the recovery codes once', async () => {
    let isOn = false;
    const calls = answerEachCall((call) => {
      if (call === 'GET /profile/security')
        return [200, isOn ? { ...enabled, twoFactor: { ...enabled.twoFactor, recoveryCodesLeft: 10 } } : overview()];
      if (call === 'GET /profile/sign-ins?page=1') return [200, noSignIns];
      if (call === 'POST /profile/two-factor/setup') return [200, setup];
      if (call === 'POST /profile/two-factor/confirm') {
        isOn = true;
        return [200, { recoveryCodes }];
      }
      return [404, { error: { code: 'NOT_FOUND', message: call } }];
    });
    await renderSection();

    expect(await screen.findByText('Off')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Set up' }));
    const dialog = within(openDialog());
    expect(dialog.getByRole('heading', { name: 'Set up two-step verification' })).toBeTruthy();
    const qrCode = (await dialog.findByRole('img', { name: 'QR code for your authenticator app' })) as HTMLImageElement;
    expect(qrCode.src).toBe(setup.qrCode);
    expect(dialog.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeTruthy();
    await waitFor(() => expect(document.activeElement).toBe(dialog.getByLabelText('Code from the app')));
    fireEvent.change(dialog.getByLabelText('Code from the app'), { target: { value: '123 456' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn on' }));

    const list = await dialog.findByRole('list', { name: 'Recovery codes' });
    expect([...list.querySelectorAll('li')].map((item) => item.textContent)).toEqual(recoveryCodes);
    expect(dialog.getByText('Two-step verification is on.')).toBeTruthy();
    expect(dialog.getByRole('link', { name: 'Download' }).getAttribute('download')).toBe('formwerk-recovery-codes.txt');
    fireEvent.click(dialog.getByRole('button', { name: 'Done' }));

    expect(await screen.findByText('10 recovery codes left.')).toBeTruthy();
    expect(screen.getByText('On')).toBeTruthy();
    expect(calls()).toContain('POST /profile/two-factor/confirm {"code":"123 456"}');
    expect(calls().filter((call) => call === 'POST /profile/two-factor/setup')).toHaveLength(1);
  });

  it('says when the first code is wrong and keeps the setup open', async () => {
    answerEachCall((call) => {
      if (call === 'GET /profile/security') return [200, overview()];
      if (call === 'GET /profile/sign-ins?page=1') return [200, noSignIns];
      if (call === 'POST /profile/two-factor/setup') return [200, setup];
      return [400, { error: { code: 'TWO_FACTOR_CODE_INVALID', message: 'wrong' } }];
    });
    await renderSection();
    fireEvent.click(await screen.findByRole('button', { name: 'Set up' }));
    const dialog = within(openDialog());
    fireEvent.change(await dialog.findByLabelText('Code from the app'), { target: { value: '000000' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn on' }));

    expect((await dialog.findByRole('alert')).textContent).toBe(
      'The code is wrong or was used already. Please enter the next code of your app.',
    );
    expect(dialog.getByRole('img', { name: 'QR code for your authenticator app' })).toBeTruthy();
  });

  it('turns off with the password, explaining a wrong one', async () => {
    let isOn = true;
    let tries = 0;
    const calls = answerEachCall((call) => {
      if (call === 'GET /profile/security') return [200, isOn ? enabled : overview()];
      if (call === 'GET /profile/sign-ins?page=1') return [200, noSignIns];
      tries += 1;
      if (tries === 1) return [400, { error: { code: 'WRONG_PASSWORD', message: 'wrong' } }];
      isOn = false;
      return [204];
    });
    await renderSection();
    expect(await screen.findByText('8 recovery codes left.')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Turn off' }));
    const dialog = within(openDialog());
    expect(dialog.getByRole('heading', { name: 'Turn off two-step verification?' })).toBeTruthy();
    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'not it' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect((await dialog.findByRole('alert')).textContent).toBe('The password is wrong.');

    fireEvent.change(dialog.getByLabelText('Password'), { target: { value: 'correct horse battery' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Turn off' }));
    expect(await screen.findByText('Two-step verification is off.')).toBeTruthy();
    expect(await screen.findByRole('button', { name: 'Set up' })).toBeTruthy();
    expect(calls()).toContain('POST /profile/two-factor/disable {"password":"correct horse battery"}');
  });

  it('gives new recovery codes for a code when the account has no password, and keeps it on when a team requires it', async () => {
    const calls = answerEachCall((call) => {
      if (call === 'GET /profile/security') {
        return [200, { ...enabled, twoFactor: { ...enabled.twoFactor, isRequiredByTeam: true }, hasPassword: false }];
      }
      if (call === 'GET /profile/sign-ins?page=1') return [200, noSignIns];
      return [200, { recoveryCodes }];
    });
    await renderSection();
    expect(await screen.findByText('A team you own or administer requires two-step verification.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Turn off' })).toBeNull();

    fireEvent.click(screen.getByRole('button', { name: 'New recovery codes' }));
    const dialog = within(openDialog());
    expect(dialog.queryByRole('button', { name: 'Use the password instead' })).toBeNull();
    fireEvent.change(dialog.getByLabelText('Code from the app or a recovery code'), { target: { value: '654321' } });
    fireEvent.click(dialog.getByRole('button', { name: 'Create new codes' }));
    expect(await dialog.findByRole('list', { name: 'Recovery codes' })).toBeTruthy();
    expect(calls()).toContain('POST /profile/two-factor/recovery-codes {"code":"654321"}');
  });
});

describe('the sign-in history', () => {
  const page = (number: number): SignInHistory => ({
    entries: [
      {
        at: '2025-03-04T10:15:00.000Z',
        ipAddress: '203.0.113.7',
        browser: 'Chrome',
        os: 'Windows',
        method: 'password',
        secondFactor: 'totp',
        result: 'succeeded',
      },
      {
        at: '2025-03-03T08:00:00.000Z',
        ipAddress: '198.51.100.4',
        browser: null,
        os: null,
        method: 'google',
        secondFactor: 'recovery-code',
        result: 'failed',
      },
    ],
    page: number,
    pageCount: 2,
    total: 22,
  });

  it('shows each sign-in with device, address, how and the result, a page at a time', async () => {
    const calls = answerEachCall((call) => {
      if (call === 'GET /profile/security') return [200, overview()];
      const requested = call.match(/^GET \/profile\/sign-ins\?page=(\d)$/);
      return requested ? [200, page(Number(requested[1]))] : [404];
    });
    await renderSection();

    const table = await screen.findByRole('table', { name: 'Sign-ins' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(
      rows
        .map((row) =>
          within(row)
            .getAllByRole('cell')
            .map((cell) => cell.textContent),
        )
        .map((cells) => cells.slice(1)),
    ).toEqual([
      // Each value after its column's name, shown where the row is a card (a phone).
      ['DeviceChrome on Windows', 'IP address203.0.113.7', 'HowPassword · App code', 'ResultSigned in'],
      ['DeviceUnknown device', 'IP address198.51.100.4', 'HowGoogle · Recovery code', 'ResultWrong code'],
    ]);
    expect(
      within(rows[0] as HTMLElement)
        .getByRole('cell', { name: /2025/ })
        .querySelector('time')
        ?.getAttribute('dateTime'),
    ).toBe('2025-03-04T10:15:00.000Z');
    expect(screen.getByText('Page 1 of 2')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Page 2 of 2')).toBeTruthy();
    expect(calls()).toContain('GET /profile/sign-ins?page=2');
  });

  it('says so when there were none, and offers to load again after a failure', async () => {
    let fails = true;
    answerEachCall((call) => {
      if (call === 'GET /profile/security') return [200, overview()];
      if (fails) return [503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'away' } }];
      return [200, noSignIns];
    });
    await renderSection();
    expect(
      await screen.findByText('The service is unavailable right now. Please try again in a few seconds.'),
    ).toBeTruthy();
    fails = false;
    fireEvent.click(screen.getByRole('button', { name: 'Load again' }));
    expect(await screen.findByText('No sign-ins in the last 90 days.')).toBeTruthy();
  });
});
