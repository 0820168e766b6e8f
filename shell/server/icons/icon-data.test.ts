import express from 'express';
import request from 'supertest';
import { describe, expect, it } from 'vitest';
import { createIconDataRouter } from './icon-data';

const app = express().use(createIconDataRouter());

describe('the icon-data endpoint', () => {
  it('answers the asked icons of a prefix from the npm icon set, cached for a week', async () => {
    const response = await request(app).get('/_icons/lucide.json').query({ icons: 'check,inbox' });
    expect(response.status).toBe(200);
    expect(response.headers['cache-control']).toBe('public, max-age=604800');
    expect(response.body.prefix).toBe('lucide');
    expect(Object.keys(response.body.icons).sort()).toEqual(['check', 'inbox']);
    expect(response.body.icons.check.body).toContain('<path');
  });

  it('leaves unknown icons out instead of failing', async () => {
    const response = await request(app).get('/_icons/lucide.json').query({ icons: 'check,no-such-icon' });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.icons)).toEqual(['check']);
    expect(response.body.not_found).toEqual(['no-such-icon']);
  });

  it('answers 404 for an unknown prefix and 400 for malformed names', async () => {
    expect((await request(app).get('/_icons/unknown.json').query({ icons: 'check' })).body.error.code).toBe(
      'ICON_SET_NOT_FOUND',
    );
    const malformed = await request(app).get('/_icons/lucide.json').query({ icons: 'check,<script>' });
    expect(malformed.status).toBe(400);
    expect(malformed.body.error.code).toBe('INVALID_ICON_NAMES');
    expect((await request(app).get('/_icons/lucide.json')).status).toBe(400);
  });
});
