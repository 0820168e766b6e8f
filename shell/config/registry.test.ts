import { describe, expect, it } from 'vitest';
import { readOnlyArea, readRegistry } from './registry';

describe('the start-up registry', () => {
  it("points at each remote's own server unless REMOTE_MFE_<AREA>_URL says otherwise", () => {
    const registry = readRegistry({ REMOTE_MFE_FORMS_URL: 'https://cdn.example/forms/mf-manifest.json' });
    expect(registry.mfe_forms).toBe('https://cdn.example/forms/mf-manifest.json');
    expect(registry.mfe_approvals).toBe('http://localhost:3004/mf-manifest.json');
    expect(Object.keys(readRegistry({}, ['documents']))).toEqual(['mfe_documents']);
  });

  it('hosts one area alone when SHELL_ONLY_AREA names one, its others as fallbacks unless SHELL_OTHER_AREAS=live', () => {
    expect(readOnlyArea({})).toBeUndefined();
    expect(readOnlyArea({ SHELL_ONLY_AREA: 'forms' })).toEqual({ area: 'forms', others: 'fallbacks' });
    expect(readOnlyArea({ SHELL_ONLY_AREA: 'forms', SHELL_OTHER_AREAS: 'live' })).toEqual({
      area: 'forms',
      others: 'live',
    });
    expect(() => readOnlyArea({ SHELL_ONLY_AREA: 'billing' })).toThrow('SHELL_ONLY_AREA=billing is not an area');
    expect(() => readOnlyArea({ SHELL_ONLY_AREA: 'forms', SHELL_OTHER_AREAS: 'some' })).toThrow(
      'SHELL_OTHER_AREAS=some',
    );
  });
});
