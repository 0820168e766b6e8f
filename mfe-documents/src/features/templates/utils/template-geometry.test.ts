import type { TemplateField } from '@formwerk/contracts';
import { describe, expect, it } from 'vitest';
import { boxCentredAt, clampBox, fieldMinSize, moveBox, resizeBox } from './template-geometry';
import { findTemplateProblems } from './template-problems';

describe('where fields go on their page', () => {
  it('centres a new field on the point pressed, and pushes it inside the page near an edge', () => {
    expect(boxCentredAt('signature', 0.5, 0.5)).toEqual({ x: 0.35, y: 0.47, width: 0.3, height: 0.06 });
    const corner = boxCentredAt('signature', 0.99, 0.01);
    expect(corner.x + corner.width).toBeLessThanOrEqual(1);
    expect(corner.y).toBe(0);
  });

  it('keeps moved and resized fields on the page, at least the smallest size, never larger than the page', () => {
    const box = { x: 0.6, y: 0.9, width: 0.3, height: 0.05 };
    expect(moveBox(box, 0.5, 0.5)).toEqual({ x: 0.7, y: 0.95, width: 0.3, height: 0.05 });
    expect(moveBox(box, -1, -1)).toEqual({ x: 0, y: 0, width: 0.3, height: 0.05 });
    // A resize keeps the corner and stops at the edge.
    expect(resizeBox(box, 0.9, 0.001)).toEqual({ x: 0.6, y: 0.9, width: 0.4, height: fieldMinSize });
    expect(clampBox({ x: -0.2, y: 0.5, width: 1.4, height: 0.2 })).toEqual({ x: 0, y: 0.5, width: 1, height: 0.2 });
  });
});

describe('what stops a template from being saved', () => {
  const field = (id: string, roleId: string, prefillKey?: string): TemplateField => ({
    id,
    page: 0,
    x: 0,
    y: 0,
    width: 0.2,
    height: 0.05,
    kind: 'text',
    roleId,
    required: false,
    ...(prefillKey === undefined ? {} : { prefillKey }),
  });
  const roles = [
    { id: 'a', name: 'Mieter/in', kind: 'signer' as const, order: 1 },
    { id: 'b', name: '  ', kind: 'signer' as const, order: 2 },
  ];

  it('finds a missing name, unnamed roles, unsafe prefill keys and a key used twice by one role', () => {
    const problems = findTemplateProblems({
      name: ' ',
      roles,
      fields: [
        field('1', 'a', 'city'),
        field('2', 'a', 'city'),
        field('3', 'b', 'city'),
        field('4', 'a', 'Stadt'),
        field('5', 'a'),
      ],
    });
    expect(problems.isNameMissing).toBe(true);
    expect([...problems.unnamedRoleIds]).toEqual(['b']);
    expect(Object.fromEntries(problems.fields)).toEqual({ '2': 'prefillKeyTaken', '4': 'prefillKeyInvalid' });
    expect(problems.count).toBe(4);
  });
});
