import { describe, expect, it } from 'vitest';
import { formatFileSize, formatStorage } from './plan-format';

const megabyte = 1024 * 1024;
// German puts a no-break space before some units: what is read, not which space, is tested here.
const read = (text: string) => text.replace(/\s/g, ' ');

describe('formatStorage', () => {
  it('reads a plan limit in megabytes below a gigabyte, in gigabytes from one on', () => {
    expect(read(formatStorage(250 * megabyte, 'de'))).toBe('250 MB');
    expect(read(formatStorage(1.5 * 1024 * megabyte, 'de'))).toBe('1,5 GB');
    expect(read(formatStorage(20 * 1024 * megabyte, 'en'))).toBe('20 GB');
  });
});

describe('formatFileSize', () => {
  it('reads a file under a megabyte in kilobytes, with a decimal only under ten', () => {
    expect(read(formatFileSize(0, 'de'))).toBe('0 kB');
    expect(read(formatFileSize(2560, 'de'))).toBe('2,5 kB');
    expect(read(formatFileSize(812 * 1024 + 300, 'en'))).toBe('812 kB');
  });

  it('reads a larger one as the plan storage does, so the two compare', () => {
    expect(read(formatFileSize(2.4 * megabyte, 'de'))).toBe('2,4 MB');
    expect(read(formatFileSize(2.4 * megabyte, 'en'))).toBe('2.4 MB');
    expect(read(formatFileSize(1024 * megabyte, 'en'))).toBe('1 GB');
  });
});
