import type { SignatureMark, SignatureMarks } from '@formwerk/contracts';
import { useSessionStore } from '@formwerk/platform';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { answerApi, renderPage } from '../../../test/render-page';

// jsdom has no canvas: the PNGs the browser would render are stand-ins here; the e2e spec draws for real.
const renderedPng = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' });
const renderTypedMark = vi.fn(async (_text: string, _font: string, _color: string) => renderedPng);
const prepareUpload = vi.fn(async (_file: File, _options: { isWhiteTransparent: boolean }) => renderedPng);
vi.mock('../utils/render-typed', () => ({
  renderTypedMark: (...args: Parameters<typeof renderTypedMark>) => renderTypedMark(...args),
}));
vi.mock('../utils/prepare-upload', async (importOriginal) => ({
  ...(await importOriginal<typeof import('../utils/prepare-upload')>()),
  prepareUpload: (...args: Parameters<typeof prepareUpload>) => prepareUpload(...args),
}));

const drawn: SignatureMark = { kind: 'drawn', updatedAt: '2026-11-22T13:05:00.000Z', width: 600, height: 180 };
const none: SignatureMarks = { signature: null, initials: null };

type Call = { url: string; method: string; body: unknown };

/** The api with the marks in `marks`, which saves and deletes change as the real one would. */
function answerMarks(start: SignatureMarks, refuseSave?: [number, string]) {
  let marks = { ...start };
  const calls: Call[] = [];
  answerApi((url, init) => {
    const method = init?.method ?? 'GET';
    calls.push({ url, method, body: init?.body });
    const name = url.match(/\/signature-marks\/(signature|initials)/)?.[1] as keyof SignatureMarks | undefined;
    if (method === 'GET' && url === '/api/v1/signature-marks') return [200, marks];
    if (method === 'PUT' && name) {
      if (refuseSave) return [refuseSave[0], { error: { code: refuseSave[1], message: 'no' } }];
      const query = new URL(url, 'http://localhost').searchParams;
      const mark: SignatureMark = {
        kind: query.get('kind') as SignatureMark['kind'],
        updatedAt: '2026-11-23T09:00:00.000Z',
        width: 300,
        height: 100,
        ...(query.get('font') ? { typedText: query.get('typedText') ?? '', font: query.get('font') as 'caveat' } : {}),
      };
      marks = { ...marks, [name]: mark };
      return [200, mark];
    }
    if (method === 'DELETE' && name) {
      marks = { ...marks, [name]: null };
      return [204];
    }
    return [404, { error: { code: 'NOT_FOUND', message: 'no' } }];
  });
  return calls;
}

const card = (name: string) => screen.getByRole('region', { name });
const status = () => screen.getAllByRole('status')[0] as HTMLElement;

beforeEach(() => {
  renderTypedMark.mockClear();
  prepareUpload.mockClear();
  // The api client re-reads the session's cookies after every answer, so the person is in `me`.
  const me = { id: 'u1', name: 'Sina Maria Signer', email: 'sina@example.com', locale: 'en', survey: true };
  // biome-ignore lint/suspicious/noDocumentCookie: jsdom has no Cookie Store API; the api sets it so in a browser.
  document.cookie = `me=${encodeURIComponent(JSON.stringify(me))}; path=/`;
  act(() => useSessionStore.getState().readCookies());
});

describe('the signature template page', () => {
  it('shows each saved mark as an image, and what a missing one is for', async () => {
    answerMarks({ signature: drawn, initials: null });
    await renderPage('/en/v1/signature-template');
    expect(screen.getByRole('heading', { level: 1, name: 'Signature templates' })).toBeTruthy();
    const signature = await screen.findByRole('region', { name: 'Signature' });
    const image = within(signature).getByRole('img', { name: 'Your saved signature' });
    expect(image.getAttribute('src')).toBe(
      `/api/v1/signature-marks/signature/image?v=${encodeURIComponent(drawn.updatedAt)}`,
    );
    expect(within(signature).getByText(/^Drawn, saved 11\/22\/2026/)).toBeTruthy();
    expect(within(signature).getByRole('button', { name: 'Replace' })).toBeTruthy();
    const initials = card('Initials');
    expect(within(initials).getByText(/No initials saved yet/)).toBeTruthy();
    expect(within(initials).getByRole('button', { name: 'Create' })).toBeTruthy();
    expect(within(initials).queryByRole('button', { name: 'Delete' })).toBeNull();
  });

  it('in German, names the marks Unterschrift and Paraphe', async () => {
    answerMarks(none);
    await renderPage('/v1/signature-template');
    expect(await screen.findByRole('region', { name: 'Unterschrift' })).toBeTruthy();
    expect(within(card('Paraphe')).getByText(/Noch keine Paraphe gespeichert/)).toBeTruthy();
  });

  it('types a signature in a chosen handwriting font, prefilled with the name, and saves it', async () => {
    const calls = answerMarks(none);
    await renderPage('/en/v1/signature-template');
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Signature' })).getByRole('button', { name: 'Create' }),
    );
    const editor = screen.getByRole('region', { name: 'Create your signature' });
    expect(document.activeElement).toBe(within(editor).getByRole('heading', { name: 'Create your signature' }));
    fireEvent.click(within(editor).getByRole('tab', { name: 'Type' }));
    const name = within(editor).getByRole('textbox', { name: 'Your name' }) as HTMLInputElement;
    expect(name.value).toBe('Sina Maria Signer');
    fireEvent.change(name, { target: { value: 'Sina Signer' } });
    const fonts = within(editor).getByRole('group', { name: 'Handwriting' });
    expect(within(fonts).getAllByText('Sina Signer')).toHaveLength(3);
    fireEvent.click(within(fonts).getByRole('radio', { name: /Caveat/ }));
    fireEvent.click(within(editor).getByRole('radio', { name: 'Blue' }));
    fireEvent.click(within(editor).getByRole('button', { name: 'Save signature' }));

    await waitFor(() => expect(status().textContent).toBe('Your signature is saved.'));
    expect(renderTypedMark).toHaveBeenCalledWith('Sina Signer', 'caveat', '#1d3fae');
    const save = calls.find((call) => call.method === 'PUT');
    expect(save?.url).toBe('/api/v1/signature-marks/signature?kind=typed&typedText=Sina+Signer&font=caveat');
    expect(save?.body).toBe(renderedPng);
    expect(screen.queryByRole('region', { name: 'Create your signature' })).toBeNull();
    const signature = card('Signature');
    expect(
      within(signature).getByRole('img', { name: 'Your saved signature: “Sina Signer” in handwriting' }),
    ).toBeTruthy();
    expect(within(signature).getByText(/^Typed, saved/)).toBeTruthy();
  });

  it('suggests the initials of the name for the initials', async () => {
    answerMarks(none);
    await renderPage('/en/v1/signature-template');
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Initials' })).getByRole('button', { name: 'Create' }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
    expect((screen.getByRole('textbox', { name: 'Your initials' }) as HTMLInputElement).value).toBe('SS');
  });

  it('moves between the tabs with the arrow keys, Home and End, with one Tab stop; “Type instead” leads to the name field', async () => {
    answerMarks(none);
    await renderPage('/en/v1/signature-template');
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Signature' })).getByRole('button', { name: 'Create' }),
    );
    const tablist = screen.getByRole('tablist', { name: 'How to create it' });
    const tabs = within(tablist).getAllByRole('tab');
    expect(tabs.map((tab) => [tab.textContent, tab.getAttribute('aria-selected'), tab.tabIndex])).toEqual([
      ['Draw', 'true', 0],
      ['Type', 'false', -1],
      ['Upload', 'false', -1],
    ]);
    const drawPanel = screen.getByRole('tabpanel', { name: 'Draw' });
    expect(within(drawPanel).getByRole('img', { name: /^Signature pad: draw your signature/ })).toBeTruthy();

    (tabs[0] as HTMLElement).focus();
    fireEvent.keyDown(tabs[0] as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Type');
    expect(screen.getByRole('tabpanel', { name: 'Type' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Upload');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowRight' });
    expect(document.activeElement?.textContent).toBe('Draw');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'ArrowLeft' });
    expect(document.activeElement?.textContent).toBe('Upload');
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: 'Home' });
    expect(document.activeElement?.textContent).toBe('Draw');

    expect((screen.getByRole('button', { name: 'Save signature' }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Type instead' }));
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Your name' })));
    expect(screen.getByRole('tab', { name: 'Type' }).getAttribute('aria-selected')).toBe('true');
  });

  it('uploads a PNG with its white made transparent, after refusing another type and an image over 1 MB', async () => {
    const calls = answerMarks(none);
    await renderPage('/en/v1/signature-template');
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Initials' })).getByRole('button', { name: 'Create' }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Upload' }));
    const input = screen.getByTestId('signature-upload-input') as HTMLInputElement;
    const choose = (file: File) => fireEvent.change(input, { target: { files: [file] } });

    choose(new File(['GIF89a'], 'scan.gif', { type: 'image/gif' }));
    expect(screen.getByRole('alert').textContent).toBe('Only PNG and JPEG images can be uploaded.');
    choose(new File([new Uint8Array(1024 * 1024 + 1)], 'huge.png', { type: 'image/png' }));
    expect(screen.getByRole('alert').textContent).toBe(
      'The image is larger than 1 MB. Choose a smaller one or crop it.',
    );

    choose(new File([new Uint8Array(100)], 'initials.png', { type: 'image/png' }));
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByText('Chosen: initials.png')).toBeTruthy();
    const transparent = screen.getByRole('checkbox', {
      name: 'Make the white background transparent',
    }) as HTMLInputElement;
    expect(transparent.checked).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Save initials' }));

    await waitFor(() => expect(status().textContent).toBe('Your initials are saved.'));
    expect(prepareUpload).toHaveBeenCalledWith(expect.objectContaining({ name: 'initials.png' }), {
      isWhiteTransparent: true,
    });
    expect(calls.find((call) => call.method === 'PUT')?.url).toBe('/api/v1/signature-marks/initials?kind=uploaded');
    expect(within(card('Initials')).getByText(/^Uploaded, saved/)).toBeTruthy();
  });

  it('when the api refuses the image, says why and keeps the editor open', async () => {
    answerMarks(none, [400, 'VALIDATION_FAILED']);
    await renderPage('/en/v1/signature-template');
    fireEvent.click(
      within(await screen.findByRole('region', { name: 'Signature' })).getByRole('button', { name: 'Create' }),
    );
    fireEvent.click(screen.getByRole('tab', { name: 'Type' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save signature' }));
    expect((await screen.findByRole('alert')).textContent).toMatch(/at most 2000 × 1000 pixels/);
    expect(screen.getByRole('region', { name: 'Create your signature' })).toBeTruthy();
    expect(within(card('Signature')).queryByRole('img')).toBeNull();
  });

  it('deletes a mark only after confirming, and announces it', async () => {
    const calls = answerMarks({ signature: drawn, initials: null });
    await renderPage('/en/v1/signature-template');
    const signature = await screen.findByRole('region', { name: 'Signature' });
    fireEvent.click(within(signature).getByRole('button', { name: 'Delete' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete your signature?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(calls.some((call) => call.method === 'DELETE')).toBe(false);

    fireEvent.click(within(signature).getByRole('button', { name: 'Delete' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Delete your signature?' })).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(status().textContent).toBe('Your signature is deleted.'));
    expect(calls.find((call) => call.method === 'DELETE')?.url).toBe('/api/v1/signature-marks/signature');
    expect(within(card('Signature')).getByText(/No signature saved yet/)).toBeTruthy();
  });
});
