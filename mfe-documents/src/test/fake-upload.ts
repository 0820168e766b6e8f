import { act } from '@testing-library/react';
import { vi } from 'vitest';

type ProgressHandler = ((event: { lengthComputable: boolean; loaded: number; total: number }) => void) | null;

/**
 * Stands in for the network of uploads (XMLHttpRequest, which reports upload progress): each request
 * the page sends is kept in `requests`, and the test makes it progress, answer or fail.
 */
export class FakeUploadRequest {
  static requests: FakeUploadRequest[] = [];
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  status = 0;
  responseText = '';
  isAborted = false;
  upload: { onprogress: ProgressHandler } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
    FakeUploadRequest.requests.push(this);
  }
  abort() {
    this.isAborted = true;
    this.onabort?.();
  }

  async progress(loaded: number, total: number) {
    await act(async () => this.upload.onprogress?.({ lengthComputable: true, loaded, total }));
  }
  async respond(status: number, body: unknown) {
    await act(async () => {
      this.status = status;
      this.responseText = JSON.stringify(body);
      this.onload?.();
    });
  }
}

export function answerUploads() {
  FakeUploadRequest.requests = [];
  vi.stubGlobal('XMLHttpRequest', FakeUploadRequest);
  return FakeUploadRequest.requests;
}
