import { describe, expect, it } from 'vitest';
import { summarizeUserAgent } from './user-agent-summary';

describe('summarizeUserAgent', () => {
  it.each([
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36 Edg/131.0.2903.86',
      'Edge 131 · Windows',
    ],
    [
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36',
      'Chrome 131 · Windows',
    ],
    ['Mozilla/5.0 (X11; Linux x86_64; rv:133.0) Gecko/20100101 Firefox/133.0', 'Firefox 133 · Linux'],
    [
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.1 Mobile/15E148 Safari/604.1',
      'Safari 17 · iPhone',
    ],
    [
      'Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36',
      'Chrome 131 · Android',
    ],
  ])('%s reads as "%s"', (userAgent, summary) => {
    expect(summarizeUserAgent(userAgent)).toBe(summary);
  });

  it('keeps an unknown agent as it came, cut to 60 characters', () => {
    expect(summarizeUserAgent('curl/8.5.0')).toBe('curl/8.5.0');
    expect(summarizeUserAgent(`SomeBot/1.0 ${'x'.repeat(80)}`)).toHaveLength(60);
  });
});
