import type { TimelineEntry } from '@formwerk/contracts';
import { i18n, initI18n } from '@formwerk/platform';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { ApprovalTimeline } from './approval-timeline';

// The page language is the route's; these renders have no router, and the dates are not asserted.
vi.mock('@formwerk/platform', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@formwerk/platform')>()),
  useLocale: () => 'de',
}));

beforeAll(() => initI18n('de'));
afterEach(async () => {
  cleanup();
  await act(() => i18n.changeLanguage('de'));
});

const entry = (fields: Partial<TimelineEntry> & Pick<TimelineEntry, 'kind'>): TimelineEntry => ({
  at: '2026-03-02T08:00:00.000Z',
  actor: null,
  onBehalfOf: null,
  nodeId: 's1',
  stepLabel: 'Prüfung',
  comment: null,
  ...fields,
});

const missingAssignees = entry({
  kind: 'assigneeMissing',
  missing: [
    { kind: 'user', name: 'Lars' },
    { kind: 'group', isDeleted: true },
    { kind: 'answer', fieldLabel: 'Vorgesetzte' },
  ],
});

describe('ApprovalTimeline', () => {
  it('tells of a step whose assignees reach nobody, naming each, and that the admins were told', () => {
    render(<ApprovalTimeline entries={[missingAssignees]} />);
    expect(
      screen.getByText('Zuständige nicht erreichbar – Inhaber und Admins des Teams sind informiert · Prüfung'),
    ).toBeTruthy();
    expect(
      screen.getByText(
        'Niemand erreichbar: Lars, nicht mehr im Team, eine gelöschte Gruppe, das Feld „Vorgesetzte“ enthält keine gültige E-Mail-Adresse',
      ),
    ).toBeTruthy();
  });

  it('in English too, with someone not named', async () => {
    await act(() => i18n.changeLanguage('en'));
    render(
      <ApprovalTimeline entries={[entry({ kind: 'assigneeMissing', missing: [{ kind: 'user', name: null }] })]} />,
    );
    expect(screen.getByText('Assignee unreachable – the team’s owner and admins were told · Prüfung')).toBeTruthy();
    expect(
      screen.getByText('Nobody to reach: a person whose account was deleted or who is no longer in the team'),
    ).toBeTruthy();
  });

  it('shows a delegate’s decision as “B for A”, and the task coming back after the absence', async () => {
    const entries = [
      entry({ kind: 'approved', actor: 'Dora', onBehalfOf: 'Anna', nodeId: 's0', stepLabel: 'Vorprüfung' }),
      entry({ kind: 'returnedAfterAbsence', actor: 'Anna' }),
    ];
    const { unmount } = render(<ApprovalTimeline entries={entries} />);
    expect(screen.getByText('Dora für Anna hat freigegeben · Vorprüfung')).toBeTruthy();
    expect(screen.getByText('Nach der Abwesenheit zurück bei Anna · Prüfung')).toBeTruthy();
    unmount();

    await act(() => i18n.changeLanguage('en'));
    render(<ApprovalTimeline entries={entries} />);
    expect(screen.getByText('Dora for Anna approved · Vorprüfung')).toBeTruthy();
    expect(screen.getByText('Back with Anna after the absence · Prüfung')).toBeTruthy();
  });
});
