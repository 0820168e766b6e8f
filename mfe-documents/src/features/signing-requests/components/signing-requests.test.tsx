import type {
  SigningEvent,
  SigningRecipient,
  SigningRequest,
  SigningRequestListResponse,
  SigningRequestSummary,
} from '@formwerk/contracts';
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

const dayMs = 24 * 60 * 60_000;
const leaseId = 'a'.repeat(24);
const offerId = 'b'.repeat(24);
const inDays = (days: number) => new Date(Date.now() + days * dayMs).toISOString();

const summary = (id: string, title: string, change: Partial<SigningRequestSummary> = {}): SigningRequestSummary => ({
  id,
  title,
  status: 'sent',
  openStage: 2,
  stageCount: 3,
  recipientCount: 5,
  doneCount: 3,
  actorCount: 5,
  sender: { id: 'u1', name: 'Olga Owner' },
  createdAt: '2026-11-22T13:05:00.000Z',
  expiresAt: inDays(5),
  closedAt: null,
  mayManage: true,
  ...change,
});

const listOf = (
  requests: SigningRequestSummary[],
  change: Partial<SigningRequestListResponse> = {},
): SigningRequestListResponse => ({
  requests,
  page: 1,
  pageCount: requests.length ? 1 : 0,
  total: requests.length,
  ...change,
});

const recipient = (id: string, name: string, change: Partial<SigningRecipient> = {}): SigningRecipient => ({
  id,
  roleId: `role-${id}`,
  roleName: 'Mieter',
  name,
  email: `${name.split(' ')[0]?.toLowerCase()}@example.com`,
  kind: 'signer',
  stage: 1,
  status: 'waiting',
  mailedAt: null,
  verifiedAt: null,
  viewedAt: null,
  actedAt: null,
  ipAddress: null,
  userAgent: null,
  declineReason: null,
  delegatedTo: null,
  ...change,
});

const anna = recipient('r1', 'Anna Alt', {
  status: 'signed',
  mailedAt: '2026-11-22T13:05:00.000Z',
  verifiedAt: '2026-11-22T14:00:00.000Z',
  viewedAt: '2026-11-22T14:01:00.000Z',
  actedAt: '2026-11-22T14:10:00.000Z',
  ipAddress: '203.0.113.7',
  userAgent: 'Mozilla/5.0 (iPhone)',
});
const ben = recipient('r2', 'Ben Bauer', {
  roleName: 'Hausverwaltung',
  kind: 'approver',
  stage: 2,
  status: 'open',
  mailedAt: '2026-11-22T14:10:00.000Z',
});
const cora = recipient('r3', 'Cora Chef', { roleName: 'Vermieterin', stage: 3 });
const dora = recipient('r4', 'Dora Doku', { roleName: 'Buchhaltung', kind: 'cc', status: 'copied' });

const event = (seq: number, type: SigningEvent['type'], data: Record<string, unknown> = {}): SigningEvent => ({
  seq,
  type,
  at: `2026-11-22T14:${String(seq).padStart(2, '0')}:00.000Z`,
  data: { type, ...data },
  prevHash: seq === 1 ? null : `${String(seq - 1).repeat(64)}`.slice(0, 64),
  hash: `${String(seq).repeat(64)}`.slice(0, 64),
});

const events: SigningEvent[] = [
  event(1, 'sent', { senderName: 'Olga Owner', recipients: 4, stages: 3 }),
  event(2, 'mailed', { mail: 'signing-requested', to: 'anna@example.com', recipientId: 'r1' }),
  event(3, 'codeSent', { name: 'Anna Alt', email: 'anna@example.com', recipientId: 'r1' }),
  event(4, 'verified', { name: 'Anna Alt', email: 'anna@example.com', method: 'emailCode' }),
  event(5, 'signed', { name: 'Anna Alt', email: 'anna@example.com', recipientId: 'r1' }),
];

const lease: SigningRequest = {
  ...summary(leaseId, 'Mietvertrag Hauptstraße'),
  recipientCount: 4,
  doneCount: 1,
  actorCount: 3,
  source: { kind: 'template', id: 'c'.repeat(24), name: 'Mietvertrag' },
  message: 'Bitte bis Freitag unterschreiben.',
  language: 'de',
  reminderEveryDays: 3,
  allowDelegation: false,
  pageCount: 2,
  roles: [],
  fields: [],
  recipients: [anna, ben, cora, dora],
  original: { sha256: 'e'.repeat(64), size: 812 * 1024 },
  signed: null,
  events,
  chain: { isValid: true, brokenAt: null },
  origin: null,
};

const requestUrl = `/api/v1/signing-requests/${leaseId}`;
const isCancel = (url: string, init?: RequestInit) => url === `${requestUrl}/cancel` && init?.method === 'POST';
const isDelete = (url: string, init?: RequestInit) => url === requestUrl && init?.method === 'DELETE';

afterEach(() => {
  vi.useRealTimers();
});

describe('the list of requests sent for signature', () => {
  it('lists each request with its status in words, progress, stage, sender, date and deadline; the title opens it', async () => {
    const declined = summary(offerId, 'Angebot', {
      status: 'declined',
      openStage: null,
      stageCount: 1,
      doneCount: 0,
      actorCount: 1,
      closedAt: '2026-11-23T09:30:00.000Z',
    });
    answerApi((url) =>
      url.startsWith('/api/v1/signing-requests?') ? [200, listOf([summary(leaseId, 'Mietvertrag'), declined])] : [404],
    );
    await renderPage('/en/v1/documents?view=requests');
    const table = await screen.findByRole('table', { name: '2 requests' });
    const [first, second] = within(table).getAllByRole('row').slice(1) as HTMLElement[];
    // A cell's text begins with its column's name, shown where the row is a card (a phone).
    const cells = (row: HTMLElement) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent);
    expect(cells(first as HTMLElement)).toEqual([
      'Mietvertrag',
      'StatusSent',
      'Progress3 of 5 doneStage 2 of 3',
      'Sent byOlga Owner',
      expect.stringMatching(/^Sent on11\/22\/2026, \d{1,2}:05 [AP]M$/),
      expect.stringMatching(/^DeadlineExpires in 5 days\d{2}\/\d{2}\/\d{4}$/),
    ]);
    // One stage says nothing about stages; a closed request says when it ended.
    expect(cells(second as HTMLElement)).toEqual([
      'Angebot',
      'StatusDeclined',
      'Progress0 of 1 done',
      'Sent byOlga Owner',
      expect.any(String),
      expect.stringMatching(/^DeadlineEnded on 11\/23\/2026, \d{1,2}:30 [AP]M$/),
    ]);
    expect(screen.getByRole('link', { name: 'Mietvertrag' }).getAttribute('href')).toBe(
      `/en/v1/documents?request=${leaseId}`,
    );
  });

  it('for a team that has sent nothing, explains how to send and links to the documents and the templates', async () => {
    answerApi((url) => (url.startsWith('/api/v1/signing-requests?') ? [200, listOf([])] : [404]));
    await renderPage('/v1/documents?view=requests');
    expect(await screen.findByRole('heading', { name: 'Noch nichts zur Unterschrift gesendet' })).toBeTruthy();
    expect(screen.getByText(/über „Zur Unterschrift senden“ in seiner Zeile/)).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByRole('link', { name: 'Zu den Vorlagen' }).getAttribute('href')).toBe('/v1/documents/templates');
    expect(screen.getByRole('link', { name: 'Zu den Dokumenten' }).getAttribute('href')).toBe('/v1/documents');
  });

  it('when the list cannot be read, says why and reads it again on request', async () => {
    let isDown = true;
    answerApi((url) => {
      if (!url.startsWith('/api/v1/signing-requests?')) return [404];
      return isDown
        ? [503, { error: { code: 'DATABASE_UNAVAILABLE', message: 'x' } }]
        : [200, listOf([summary(leaseId, 'Mietvertrag')])];
    });
    await renderPage('/en/v1/documents?view=requests');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The service is unavailable right now. Please try again in a few seconds.',
    );
    isDown = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'Mietvertrag' })).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('pages through the requests, the page in the address', async () => {
    const fetch = answerApi((url) => {
      const page = new URL(url, 'http://localhost').searchParams.get('page');
      return [
        200,
        page === '2'
          ? listOf([summary(offerId, 'Angebot')], { page: 2, pageCount: 2, total: 51 })
          : listOf([summary(leaseId, 'Mietvertrag')], { pageCount: 2, total: 51 }),
      ];
    });
    const router = await renderPage('/en/v1/documents?view=requests');
    expect(await screen.findByRole('link', { name: 'Mietvertrag' })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: 'Angebot' })).toBeTruthy();
    expect(fetch.mock.calls.map(([url]) => url)).toContain('/api/v1/signing-requests?page=2');
    expect(router.state.location.search).toBe('?view=requests&page=2');
  });

  it('switches between the documents and the requests sent by links, the current one marked', async () => {
    answerApi((url) => {
      if (url.startsWith('/api/v1/signing-requests?')) return [200, listOf([])];
      if (url.startsWith('/api/v1/documents?')) {
        return [
          200,
          {
            documents: [],
            page: 1,
            pageCount: 0,
            total: 0,
            search: null,
            folders: [],
            storage: { usedBytes: 0, limitBytes: 1024 },
          },
        ];
      }
      return [404];
    });
    await renderPage('/en/v1/documents');
    const onLibrary = await screen.findByRole('navigation', { name: 'Documents or requests sent' });
    expect(within(onLibrary).getByRole('link', { name: 'Documents' }).getAttribute('aria-current')).toBe('page');
    fireEvent.click(within(onLibrary).getByRole('link', { name: 'Sent for signature' }));
    expect(await screen.findByRole('heading', { name: 'Nothing sent for signature yet' })).toBeTruthy();
    const onRequests = screen.getByRole('navigation', { name: 'Documents or requests sent' });
    expect(within(onRequests).getByRole('link', { name: 'Sent for signature' }).getAttribute('aria-current')).toBe(
      'page',
    );
    expect(within(onRequests).getByRole('link', { name: 'Documents' }).getAttribute('href')).toBe('/en/v1/documents');
  });
});

describe('a request sent for signature', () => {
  /** Answers the request as `read` has it at each call, and its cancelling by `answerCancel`. */
  const serve = (
    read: SigningRequest | (() => SigningRequest),
    answerCancel: () => [number, unknown?] = () => [200, read],
  ) =>
    answerApi((url, init) => {
      if (isCancel(url, init)) return answerCancel();
      if (url === requestUrl) return [200, typeof read === 'function' ? read() : read];
      return [404, { error: { code: 'NOT_FOUND', message: 'No such signing request' } }];
    });

  it('shows its people stage by stage, the open stage marked, each with role, status and times', async () => {
    serve(lease);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Mietvertrag Hauptstraße' })).toBeTruthy();
    expect(screen.getByText('Waiting for Ben Bauer.')).toBeTruthy();
    expect(screen.getByText('Bitte bis Freitag unterschreiben.')).toBeTruthy();
    expect(screen.getByText('Template “Mietvertrag”')).toBeTruthy();
    expect(screen.getByText('Every 3 days')).toBeTruthy();

    const recipients = screen.getByRole('region', { name: 'Recipients' });
    const stages = within(recipients)
      .getAllByRole('heading', { level: 3 })
      .map((heading) => heading.textContent);
    expect(stages).toEqual(['Stage 1 of 3 Done', 'Stage 2 of 3 Their turn now', 'Stage 3 of 3 Waiting']);
    const [first, second, third] = within(recipients)
      .getAllByRole('listitem')
      .filter((item) => item.matches('.signing-stage'));
    // Anna signed (the CC Dora is in her stage and blocks nothing); her device behind a disclosure.
    expect(within(first as HTMLElement).getByText('Signed', { selector: '.ui-badge' })).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Confirmed by code')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Role “Mieter” · Signature')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('Gets a copy')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('IP address and device')).toBeTruthy();
    expect(within(first as HTMLElement).getByText('203.0.113.7')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Their turn')).toBeTruthy();
    expect(within(second as HTMLElement).getByText('Role “Hausverwaltung” · Approval')).toBeTruthy();
    expect(within(third as HTMLElement).getByText('Waiting for earlier stages')).toBeTruthy();
    // Who acted nowhere has nothing to disclose.
    expect(within(third as HTMLElement).queryByText('IP address and device')).toBeNull();

    // Running: it may be cancelled, and there is no signed copy yet.
    expect(screen.getByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download original' }).getAttribute('href')).toBe(
      `${requestUrl}/file?version=original`,
    );
    expect(screen.queryByRole('link', { name: 'Download signed copy' })).toBeNull();
    expect(screen.getByRole('link', { name: 'All requests sent' }).getAttribute('href')).toBe(
      '/en/v1/documents?view=requests',
    );
  });

  it('shows the audit trail in order, in words, with time and shortened hash, and that the chain verifies', async () => {
    serve(lease);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText('Complete and unchanged')).toBeTruthy();
    const items = within(trail).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      'Olga Owner sent the request to 4 people.',
      'Request sent to anna@example.com.',
      'Code sent to anna@example.com (Anna Alt).',
      'Anna Alt confirmed with the code from the email.',
      'Anna Alt signed.',
    ]);
    expect(within(items[0] as HTMLElement).getByText('#1')).toBeTruthy();
    const hash = within(items[4] as HTMLElement).getByTitle('5'.repeat(64));
    expect(hash.textContent).toBe(`${'5'.repeat(12)}…`);
  });

  it('copies the whole hash of an event on request and says so', async () => {
    const writeText = vi.fn(async () => undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    serve(lease);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Copy the checksum of event 5' }));
    expect(writeText).toHaveBeenCalledWith('5'.repeat(64));
    expect(await screen.findByText('Checksum of event 5 copied.')).toBeTruthy();
  });

  it('names whom a recipient handed their part to, in their stage and in the trail', async () => {
    const emil = recipient('r5', 'Emil Ersatz', { stage: 3, status: 'waiting' });
    serve({
      ...lease,
      recipients: [anna, ben, { ...cora, status: 'delegated', delegatedTo: 'r5', actedAt: lease.createdAt }, emil],
      events: [
        ...events,
        event(6, 'delegated', { name: 'Cora Chef', toName: 'Emil Ersatz', toEmail: 'emil@example.com' }),
      ],
    });
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    const recipients = await screen.findByRole('region', { name: 'Recipients' });
    expect(within(recipients).getByText('Handed on to Emil Ersatz')).toBeTruthy();
    const trail = screen.getByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText('Cora Chef handed on to Emil Ersatz (emil@example.com).')).toBeTruthy();
  });

  it('when the chain is broken, says at which event and marks it', async () => {
    serve({ ...lease, chain: { isValid: false, brokenAt: 3 } });
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    const trail = await screen.findByRole('region', { name: 'Audit trail' });
    expect(within(trail).getByText('Broken at event 3')).toBeTruthy();
    const items = within(trail).getAllByRole('listitem');
    expect(within(items[2] as HTMLElement).getByText('The chain breaks here.')).toBeTruthy();
    expect(within(items[1] as HTMLElement).queryByText('The chain breaks here.')).toBeNull();
  });

  it('for a declined request, shows who declined and why, and offers no cancelling', async () => {
    const declined: SigningRequest = {
      ...lease,
      status: 'declined',
      openStage: null,
      closedAt: '2026-11-23T09:30:00.000Z',
      recipients: [
        anna,
        { ...ben, status: 'rejected', declineReason: 'Die Miete stimmt nicht.', actedAt: '2026-11-23T09:30:00.000Z' },
        cora,
        dora,
      ],
    };
    serve(declined);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    expect(await screen.findByText('Ben Bauer refused to approve: “Die Miete stimmt nicht.”')).toBeTruthy();
    const recipients = screen.getByRole('region', { name: 'Recipients' });
    expect(within(recipients).getByText('Die Miete stimmt nicht.')).toBeTruthy();
    expect(within(recipients).getByText('Refused to approve', { selector: '.ui-badge' })).toBeTruthy();
    // Cora's turn never came.
    expect(within(recipients).getByText('Never got their turn')).toBeTruthy();
    expect(screen.getByText('Declined', { selector: '.ui-badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('once completed, offers the signed copy for download and to view', async () => {
    const completed: SigningRequest = {
      ...lease,
      status: 'completed',
      openStage: null,
      doneCount: 3,
      closedAt: '2026-11-24T10:00:00.000Z',
      recipients: [anna, { ...ben, status: 'approved' }, { ...cora, status: 'signed' }, dora],
      signed: { sha256: 'f'.repeat(64), size: 900 * 1024, sealedAt: '2026-11-24T10:00:00.000Z' },
    };
    serve(completed);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    const signed = await screen.findByRole('link', { name: 'Download signed copy' });
    expect(signed.getAttribute('href')).toBe(`${requestUrl}/file?version=signed`);
    expect(screen.getByRole('button', { name: 'View signed copy' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('cancels after asking: the POST is sent and the request shows as cancelled', async () => {
    const cancelled: SigningRequest = {
      ...lease,
      status: 'cancelled',
      openStage: null,
      closedAt: '2026-11-23T09:30:00.000Z',
      events: [...events, event(6, 'cancelled', { byName: 'Olga Owner' })],
    };
    const fetch = serve(lease, () => [200, cancelled]);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Cancel request' }));
    const dialog = screen.getByRole('dialog', { name: 'Cancel “Mietvertrag Hauptstraße”?' });
    // Asking sends nothing yet; keeping it sends nothing at all.
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetch.mock.calls.some(([url, init]) => isCancel(url, init))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Cancel request' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Cancel “Mietvertrag Hauptstraße”?' })).getByRole('button', {
        name: 'Cancel request',
      }),
    );
    expect(await screen.findByText('The request is cancelled.')).toBeTruthy();
    // The button pressed is gone: the focus waits at the overview, not lost on the page.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Overview' }));
    expect(fetch.mock.calls.filter(([url, init]) => isCancel(url, init))).toHaveLength(1);
    expect(screen.getByText('Cancelled', { selector: '.ui-badge' })).toBeTruthy();
    expect(screen.getByText(/^Olga Owner cancelled the request\. Everyone who had/)).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
  });

  it('when the request closed meanwhile, cancelling says so in words and shows where it stands', async () => {
    const completed: SigningRequest = { ...lease, status: 'completed', openStage: null };
    let current = lease;
    serve(
      () => current,
      () => {
        current = completed;
        return [409, { error: { code: 'SIGNING_CLOSED', message: 'x' } }];
      },
    );
    await renderPage(`/v1/documents?request=${leaseId}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Stornieren' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: '„Mietvertrag Hauptstraße“ stornieren?' })).getByRole('button', {
        name: 'Stornieren',
      }),
    );
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Die Anfrage läuft nicht mehr/);
    expect(await screen.findByText('Abgeschlossen', { selector: '.ui-badge' })).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Überblick' }));
  });

  it('shows the form whose submission sent it, linking to that submission; nothing for one a member sent', async () => {
    const formId = 'd'.repeat(24);
    const submissionId = 'f'.repeat(24);
    serve({ ...lease, origin: { kind: 'submission', formId, submissionId, formTitle: 'Vertragsanfrage' } });
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    const origin = await screen.findByRole('link', { name: 'From a submission to “Vertragsanfrage”' });
    expect(origin.getAttribute('href')).toBe(`/en/v1/submissions/${submissionId}`);
    expect(screen.getByText('Started by')).toBeTruthy();
  });

  it('without an origin, names none', async () => {
    serve(lease);
    await renderPage(`/v1/documents?request=${leaseId}`);
    expect(await screen.findByText('Vorlage „Mietvertrag“')).toBeTruthy();
    expect(screen.queryByText('Ausgelöst durch')).toBeNull();
    expect(screen.queryByRole('link', { name: /Aus der Einsendung/ })).toBeNull();
  });

  it('to a member who neither sent it nor owns or runs the team, offers neither cancelling nor deleting', async () => {
    let current: SigningRequest = { ...lease, mayManage: false };
    serve(() => current);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    expect(await screen.findByText('Waiting for Ben Bauer.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Cancel request' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
    // Still downloadable and viewable by every member.
    expect(screen.getByRole('link', { name: 'Download original' })).toBeTruthy();

    cleanup();
    current = { ...lease, status: 'cancelled', openStage: null, mayManage: false };
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    expect(await screen.findByText('Cancelled', { selector: '.ui-badge' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('while it runs, offers cancelling and no deleting', async () => {
    serve(lease);
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    expect(await screen.findByRole('button', { name: 'Cancel request' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('deletes an ended request after saying what goes and what stays, then lists the rest and says so', async () => {
    const completed: SigningRequest = {
      ...lease,
      status: 'completed',
      openStage: null,
      closedAt: '2026-11-24T10:00:00.000Z',
      signed: { sha256: 'f'.repeat(64), size: 900 * 1024, sealedAt: '2026-11-24T10:00:00.000Z' },
    };
    let isDeleted = false;
    const fetch = answerApi((url, init) => {
      if (isDelete(url, init)) {
        isDeleted = true;
        return [204];
      }
      if (url === requestUrl)
        return isDeleted ? [404, { error: { code: 'NOT_FOUND', message: 'x' } }] : [200, completed];
      if (url.startsWith('/api/v1/signing-requests?')) {
        return [200, listOf(isDeleted ? [summary(offerId, 'Angebot')] : [summary(leaseId, 'Mietvertrag Hauptstraße')])];
      }
      return [404];
    });
    const router = await renderPage(`/en/v1/documents?view=requests`);
    // The list was read before: after deleting it is read anew, without the request.
    fireEvent.click(await screen.findByRole('link', { name: 'Mietvertrag Hauptstraße' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete “Mietvertrag Hauptstraße”?' });
    expect(within(dialog).getByText('the copy of the PDF that was sent, and the signed copy')).toBeTruthy();
    expect(within(dialog).getByText(/the audit trail with all its events/)).toBeTruthy();
    expect(within(dialog).getByText('the links in the emails to the recipients: they stop working')).toBeTruthy();
    expect(within(dialog).getByText(/^The template “Mietvertrag” stays\. This cannot be undone\.$/)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(fetch.mock.calls.some(([url, init]) => isDelete(url, init))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete “Mietvertrag Hauptstraße”?' })).getByRole('button', {
        name: 'Delete',
      }),
    );
    expect(await screen.findByText('“Mietvertrag Hauptstraße” was deleted.')).toBeTruthy();
    expect(router.state.location.search).toBe('?view=requests');
    expect(await screen.findByRole('link', { name: 'Angebot' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: 'Mietvertrag Hauptstraße' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: '1 request' }));
    expect(fetch.mock.calls.filter(([url, init]) => isDelete(url, init))).toHaveLength(1);
    // Gone, it is not asked for again.
    expect(fetch.mock.calls.filter(([url, init]) => url === requestUrl && !isDelete(url, init))).toHaveLength(1);
  });

  it('when it cannot be deleted yet, or not by this person, says why in words', async () => {
    const expired: SigningRequest = { ...lease, status: 'expired', openStage: null };
    let answer: [number, unknown] = [409, { error: { code: 'SIGNING_RUNNING', message: 'x' } }];
    const fetch = answerApi((url, init) => {
      if (isDelete(url, init)) return answer;
      if (url === requestUrl) return [200, expired];
      return [404];
    });
    const router = await renderPage(`/v1/documents?request=${leaseId}`);
    const confirmDelete = async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Löschen' }));
      fireEvent.click(
        within(screen.getByRole('dialog', { name: '„Mietvertrag Hauptstraße“ löschen?' })).getByRole('button', {
          name: 'Löschen',
        }),
      );
    };
    await confirmDelete();
    expect((await screen.findByRole('alert')).textContent).toMatch(/^Die Anfrage ist noch nicht ganz beendet/);
    answer = [403, { error: { code: 'FORBIDDEN', message: 'x' } }];
    await confirmDelete();
    expect(await screen.findByText(/^Stornieren und löschen dürfen nur, wer die Anfrage gesendet hat/)).toBeTruthy();
    expect(router.state.location.search).toBe(`?request=${leaseId}`);
    expect(fetch.mock.calls.filter(([url, init]) => isDelete(url, init))).toHaveLength(2);
  });

  it('for an id the team has no request of, says it was not found', async () => {
    serve(lease);
    await renderPage(`/en/v1/documents?request=${offerId}`);
    expect(await screen.findByRole('heading', { level: 1, name: 'Request not found' })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toMatch(/does not exist, or it belongs to another team/);
  });

  it('for an address that cannot name a request, says so without asking the api', async () => {
    const fetch = serve(lease);
    await renderPage('/en/v1/documents?request=nonsense');
    expect(await screen.findByRole('heading', { level: 1, name: 'Request not found' })).toBeTruthy();
    expect(fetch.mock.calls.some(([url]) => url.startsWith('/api/v1/signing-requests'))).toBe(false);
  });

  it('while people may act, reads the request again every few seconds; once it is closed, no more', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    let current = lease;
    const fetch = serve(() => current);
    const reads = () => fetch.mock.calls.filter(([url]) => url === requestUrl).length;
    await renderPage(`/en/v1/documents?request=${leaseId}`);
    expect(await screen.findByText('Waiting for Ben Bauer.')).toBeTruthy();
    expect(reads()).toBe(1);
    current = {
      ...lease,
      status: 'sealing',
      openStage: null,
      recipients: [anna, { ...ben, status: 'approved' }, cora, dora],
    };
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByText('Being sealed', { selector: '.ui-badge' })).toBeTruthy();
    current = {
      ...lease,
      status: 'completed',
      openStage: null,
      signed: { sha256: 'f'.repeat(64), size: 1, sealedAt: lease.createdAt },
    };
    await act(() => vi.advanceTimersByTimeAsync(5000));
    expect(await screen.findByRole('link', { name: 'Download signed copy' })).toBeTruthy();
    expect(reads()).toBe(3);
    await act(() => vi.advanceTimersByTimeAsync(15_000));
    expect(reads()).toBe(3);
  });
});
