import { findAreaModuleProblems } from '@formwerk/platform';
import { describe, expect, it } from 'vitest';
import areaModule from './routes';

describe('the routes mfe-forms exposes', () => {
  it('has a page for every route the route table gives this area, and identical de and en message keys', async () => {
    expect(await findAreaModuleProblems('forms', areaModule)).toEqual([]);
  });
});
