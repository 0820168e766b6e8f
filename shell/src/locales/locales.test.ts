import { collectMessageKeys } from '@formwerk/platform';
import { describe, expect, it } from 'vitest';
import de from './de/common.json';
import en from './en/common.json';

describe('the common namespace', () => {
  it('has identical keys in de and en', () => {
    expect(collectMessageKeys(de).sort()).toEqual(collectMessageKeys(en).sort());
  });
});
