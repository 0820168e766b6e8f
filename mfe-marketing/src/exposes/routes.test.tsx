import { findAreaModuleProblems } from '@formwerk/platform';
import { describe, expect, it } from 'vitest';
import areaModule from './routes';

describe('the routes mfe-marketing exposes', () => {
  it('has a page for every route the route table gives this area, and identical de and en message keys', async () => {
    expect(await findAreaModuleProblems('marketing', areaModule)).toEqual([]);
  });
});
