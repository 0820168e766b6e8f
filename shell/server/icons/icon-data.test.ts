import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createIconDataRouter } from './icon-data';

const app = express().use(createIconDataRouter());
const askFor = (prefix: string, icons?: string) => {
  const get = request(app).get(`/_icons/${prefix}.json`);
  return icons === undefined ? get : get.query({ icons });
};

describe('GET /_icons/:prefix.json', () => {
  it('when the icons exist, answers them as Iconify JSON from the npm set, cached for a week', async () => {
    const response = await askFor('lucide', 'check,inbox');
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.body).toMatchObject({ prefix: 'lucide', width: 24, height: 24 });
    expect(Object.keys(response.body.icons).sort()).toEqual(['check', 'inbox']);
    expect(response.body.icons.check.body).toContain('<path');
    expect(response.body.not_found).toBeUndefined();
  });

  it('when an icon does not exist, leaves it out and lists it in not_found', async () => {
    const response = await askFor('lucide', 'check,no-such-icon');
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.icons)).toEqual(['check']);
    expect(response.body.not_found).toEqual(['no-such-icon']);
  });

  it('when a name is an alias, answers the alias together with the icon it stands for', async () => {
    const response = await askFor('lucide', 'alert-circle');
    expect(response.body.aliases).toEqual({ 'alert-circle': { parent: 'circle-alert' } });
    expect(Object.keys(response.body.icons)).toEqual(['circle-alert']);
  });

  it.each(['unknown', 'constructor', '__proto__'])(
    'when the prefix is %j, answers 404 ICON_SET_NOT_FOUND',
    async (prefix) => {
      const response = await askFor(prefix, 'check');
      expect(response.status).toBe(404);
      expect(response.body.error).toMatchObject({ code: 'ICON_SET_NOT_FOUND', message: expect.any(String) });
    },
  );

  it.each([
    ['no icons query', undefined],
    ['an empty icons query', ''],
    ['a name with markup', 'check,<script>'],
    ['an empty name between commas', 'check,,x'],
    ['an upper-case name', 'Check'],
    ['251 names', Array.from({ length: 251 }, (_, index) => `i${index}`).join(',')],
  ])('when the request has %s, answers 400 INVALID_ICON_NAMES', async (_case, icons) => {
    const response = await askFor('lucide', icons);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('INVALID_ICON_NAMES');
  });

  it('when the request has 250 names, answers them', async () => {
    const names = Array.from({ length: 250 }, (_, index) => `i${index}`);
    const response = await askFor('lucide', names.join(','));
    expect(response.status).toBe(200);
    expect(response.body.not_found).toHaveLength(250);
  });

  it('when icons is given twice, answers 400 instead of reading one of them', async () => {
    const response = await request(app).get('/_icons/lucide.json?icons=check&icons=x');
    expect(response.status).toBe(400);
  });
});
