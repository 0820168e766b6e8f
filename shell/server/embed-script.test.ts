// @vitest-environment jsdom
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { embedScript } from './embed-script';

function addFrame(): HTMLIFrameElement {
  const frame = document.createElement('iframe');
  document.body.append(frame);
  return frame;
}

function post(data: unknown, source: Window | null) {
  window.dispatchEvent(new MessageEvent('message', { data, source }));
}

describe('the embed script', () => {
  beforeAll(() => {
    new Function(embedScript)();
  });

  it('pasted twice on a page, still listens once', () => {
    const addEventListener = vi.spyOn(window, 'addEventListener');
    new Function(embedScript)();
    expect(addEventListener).not.toHaveBeenCalled();
    addEventListener.mockRestore();
  });

  it('sets the height of the frame whose window reported it, and of no other', () => {
    const form = addFrame();
    const other = addFrame();
    post({ type: 'formwerk:height', formId: 'abc', height: 812.4 }, form.contentWindow);
    expect(form.style.height).toBe('813px');
    expect(other.style.height).toBe('');
  });

  it('ignores messages from windows that are not one of the page’s frames', () => {
    const frame = addFrame();
    post({ type: 'formwerk:height', formId: 'abc', height: 500 }, window);
    post({ type: 'formwerk:height', formId: 'abc', height: 500 }, null);
    expect(frame.style.height).toBe('');
  });

  it('ignores other messages and heights that are not a finite number, and caps huge ones', () => {
    const frame = addFrame();
    post({ type: 'something-else', height: 300 }, frame.contentWindow);
    post({ type: 'formwerk:height', height: '300px; position: fixed' }, frame.contentWindow);
    post({ type: 'formwerk:height', height: Number.POSITIVE_INFINITY }, frame.contentWindow);
    post('formwerk:height', frame.contentWindow);
    expect(frame.style.height).toBe('');
    post({ type: 'formwerk:height', height: 1e9 }, frame.contentWindow);
    expect(frame.style.height).toBe('100000px');
  });

  it('follows a frame that grows and shrinks', () => {
    const frame = addFrame();
    post({ type: 'formwerk:height', height: 900 }, frame.contentWindow);
    post({ type: 'formwerk:height', height: 420 }, frame.contentWindow);
    expect(frame.style.height).toBe('420px');
  });
});
