import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client';
import { errorKeys } from './error-keys';

describe('errorKeys', () => {
  const toErrorKey = errorKeys('library.errors', ['FOLDER_NAME_TAKEN']);

  it('explains the codes of every call and the ones named, whether an ApiError or a code', () => {
    expect(toErrorKey(new ApiError('NETWORK', 0))).toBe('library.errors.NETWORK');
    expect(toErrorKey(new ApiError('FOLDER_NAME_TAKEN', 409))).toBe('library.errors.FOLDER_NAME_TAKEN');
    expect(toErrorKey('FOLDER_NAME_TAKEN')).toBe('library.errors.FOLDER_NAME_TAKEN');
  });

  it('reads any other code, and anything that is no error of a call, as unexpected', () => {
    expect(toErrorKey(new ApiError('EMAIL_TAKEN', 409))).toBe('library.errors.unexpected');
    expect(toErrorKey(new Error('boom'))).toBe('library.errors.unexpected');
    expect(toErrorKey(undefined)).toBe('library.errors.unexpected');
  });
});
