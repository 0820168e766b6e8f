import type { TemplateRole } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import {
  checkSendForm,
  createSendForm,
  expiryBounds,
  type SendSubject,
  toDateInput,
  toExpiresAt,
  toFormErrors,
} from './send-form';
import { closeStageGaps, groupByStage } from './stages';

const dayMs = 24 * 60 * 60_000;
const now = new Date(2026, 10, 26, 15, 30);

const roles: TemplateRole[] = [
  { id: 'copy', name: 'Büro', kind: 'cc', order: 7 },
  { id: 'tenant', name: 'Mieter/in', kind: 'signer', order: 2 },
  { id: 'landlord', name: 'Vermieter/in', kind: 'signer', order: 4 },
];
const subject: SendSubject = { source: { kind: 'template', templateId: 'a'.repeat(24) }, roles, name: 'Mietvertrag' };

describe('the stages of the roles', () => {
  it('numbers them 1, 2, 3 in their order, and groups the roles by them, the first stage first', () => {
    expect(closeStageGaps(roles).map((role) => role.order)).toEqual([3, 1, 2]);
    expect(groupByStage(roles).map((stage) => stage.map((role) => role.id))).toEqual([
      ['tenant'],
      ['landlord'],
      ['copy'],
    ]);
  });
});

describe('when the request expires', () => {
  it('at the end of the day chosen; on the last day allowed, just before a year from now is over', () => {
    expect(toExpiresAt('2026-12-26', now)).toBe(new Date(2026, 11, 26, 23, 59, 59).toISOString());
    const { max } = expiryBounds(now);
    const lastDay = Date.parse(toExpiresAt(max, now) ?? '');
    expect(lastDay).toBeLessThan(now.getTime() + 365 * dayMs);
    expect(lastDay).toBeGreaterThan(now.getTime() + 365 * dayMs - 5 * 60_000);
    expect(toExpiresAt('', now)).toBeNull();
  });

  it('refuses a day past the year or before today, and no day at all, at the date input', () => {
    // The contract judges by the clock.
    const today = new Date();
    const form = {
      ...createSendForm(subject, 'de', today),
      recipients: {
        copy: { name: 'Büro', email: 'buero@example.com' },
        tenant: { name: 'Mia', email: 'mia@example.com' },
        landlord: { name: 'Veit', email: 'veit@example.com' },
      },
    };
    expect(checkSendForm(subject, form, today).errors).toBeNull();
    for (const [expiresOn, key] of [
      [toDateInput(new Date(today.getTime() + 400 * dayMs)), 'signingSend.errors.expiryOutOfRange'],
      [toDateInput(new Date(today.getTime() - dayMs)), 'signingSend.errors.expiryOutOfRange'],
      ['', 'signingSend.errors.expiryMissing'],
    ] as const) {
      expect(checkSendForm(subject, { ...form, expiresOn }, today).errors?.fields).toEqual(
        new Map([['expiresOn', key]]),
      );
    }
  });
});

describe('where the api’s issues are shown', () => {
  it('at the inputs of the person they name, else above the form, each once', () => {
    const request = {
      source: subject.source,
      recipients: [
        { roleId: 'tenant', name: '', email: 'mia@example.com' },
        { roleId: 'landlord', name: 'Veit', email: 'veit@' },
      ],
    };
    const errors = toFormErrors(
      [
        { path: ['recipients', 0, 'name'], code: 'too_small' },
        { path: ['recipients', 1, 'email'], code: 'invalid_format' },
        { path: ['recipients'], code: 'missing' },
        { path: ['recipients'], code: 'missing' },
        { path: ['source'], code: 'no_fields' },
      ],
      request,
    );
    expect(errors.fields).toEqual(
      new Map([
        ['recipients.tenant.name', 'signingSend.errors.nameMissing'],
        ['recipients.landlord.email', 'signingSend.errors.emailInvalid'],
      ]),
    );
    expect(errors.general).toEqual(['signingSend.errors.rolesChanged', 'signingSend.errors.sourceInvalid']);
  });
});
