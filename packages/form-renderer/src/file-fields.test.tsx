import type { FileAnswer, FormDefinition } from '@formwerk/contracts';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { UploadFile } from './file-fields';
import { FormView } from './form-view';

afterEach(cleanup);

const definition: FormDefinition = {
  title: 'Bewerbung',
  description: '',
  language: 'en',
  pages: [
    {
      id: 'p1',
      fields: [
        {
          id: 'cv',
          type: 'fileUpload',
          label: 'CV',
          required: true,
          accept: ['application/pdf'],
          maxSizeMb: 1,
          maxFiles: 1,
        },
      ],
    },
  ],
};

const choose = (files: File[]) => fireEvent.change(screen.getByLabelText(/CV/), { target: { files } });

describe('a file field', () => {
  it('refuses a file of another type or too large before sending anything', async () => {
    const uploadFile = vi.fn();
    render(<FormView definition={definition} locale="en" uploadFile={uploadFile} />);
    choose([new File(['x'], 'photo.png', { type: 'image/png' })]);
    expect(await screen.findByText('photo.png: this type of file is not allowed here.')).toBeTruthy();
    choose([new File([new Uint8Array(2 * 1024 * 1024)], 'huge.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('huge.pdf is larger than 1 MB.')).toBeTruthy();
    expect(uploadFile).not.toHaveBeenCalled();
  });

  it('sends a fitting file, lists it and lets it be removed again', async () => {
    const uploadFile = vi.fn(
      async (_fieldId: string, file: Blob, name: string, onProgress: (share: number) => void) => {
        onProgress(0.5);
        return { fileId: 'f1', name, size: file.size, type: 'application/pdf' };
      },
    );
    render(<FormView definition={definition} locale="en" uploadFile={uploadFile} />);
    choose([new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })]);
    const remove = await screen.findByRole('button', { name: 'Remove cv.pdf' });
    expect(uploadFile).toHaveBeenCalledWith('cv', expect.any(File), 'cv.pdf', expect.any(Function));
    fireEvent.click(remove);
    expect(screen.queryByRole('button', { name: 'Remove cv.pdf' })).toBeNull();
  });

  it('says why the server refused a file that only looked right on the device', async () => {
    render(<FormView definition={definition} locale="de" uploadFile={async () => 'typeNotAllowed'} />);
    choose([new File(['not really'], 'fake.pdf', { type: 'application/pdf' })]);
    expect(await screen.findByText('fake.pdf: Dieser Dateityp ist hier nicht erlaubt.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'fake.pdf entfernen' })).toBeNull();
  });

  it('tells the respondent when the form takes no more files, without the team’s figures', async () => {
    render(<FormView definition={definition} locale="en" uploadFile={async () => 'noRoom'} />);
    choose([new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })]);
    expect(
      await screen.findByText(
        'cv.pdf cannot be taken: this form accepts no more files at the moment. Please contact whoever runs it.',
      ),
    ).toBeTruthy();
  });
});

/** An upload that finishes when the test says so. */
function slowUpload() {
  const finishes: (() => void)[] = [];
  const uploadFile = vi.fn<UploadFile>((_fieldId, file, name) => {
    const answer: FileAnswer = { fileId: `f${finishes.length}`, name, size: file.size, type: file.type };
    return new Promise((resolve) => finishes.push(() => resolve(answer)));
  });
  const finish = async (index: number) => {
    await act(async () => finishes[index]?.());
  };
  return { uploadFile, finish };
}

const withOtherFields: FormDefinition = {
  ...definition,
  pages: [
    {
      id: 'p1',
      fields: [
        { id: 'name', type: 'shortText', label: 'Name', required: false },
        { id: 'cv', type: 'fileUpload', label: 'CV', required: false, accept: [], maxSizeMb: 1, maxFiles: 2 },
        { id: 'sign', type: 'signature', label: 'Signature', required: true },
      ],
    },
  ],
};

describe('while a file uploads', () => {
  it('keeps what the respondent typed meanwhile in another field', async () => {
    const { uploadFile, finish } = slowUpload();
    render(<FormView definition={withOtherFields} locale="en" uploadFile={uploadFile} />);
    choose([new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })]);
    fireEvent.change(screen.getByLabelText('Name'), { target: { value: 'Ada' } });
    await finish(0);
    expect(screen.getByRole('button', { name: 'Remove cv.pdf' })).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Name').value).toBe('Ada');
  });

  it('keeps a file removed meanwhile removed', async () => {
    const { uploadFile, finish } = slowUpload();
    render(<FormView definition={withOtherFields} locale="en" uploadFile={uploadFile} />);
    choose([new File(['%PDF-1.7'], 'first.pdf', { type: 'application/pdf' })]);
    await finish(0);
    choose([new File(['%PDF-1.7'], 'second.pdf', { type: 'application/pdf' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Remove first.pdf' }));
    await finish(1);
    expect(screen.getByRole('button', { name: 'Remove second.pdf' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Remove first.pdf' })).toBeNull();
  });

  it('counts files still on their way toward the field’s limit', async () => {
    const { uploadFile, finish } = slowUpload();
    render(<FormView definition={withOtherFields} locale="en" uploadFile={uploadFile} />);
    choose([new File(['%PDF-1.7'], 'one.pdf', { type: 'application/pdf' })]);
    choose([
      new File(['%PDF-1.7'], 'two.pdf', { type: 'application/pdf' }),
      new File(['%PDF-1.7'], 'three.pdf', { type: 'application/pdf' }),
    ]);
    expect(await screen.findByText('At most 2 file(s).')).toBeTruthy();
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(2));
    expect(screen.getByLabelText<HTMLInputElement>(/CV/).disabled).toBe(true);
    await finish(0);
    await finish(1);
    expect(uploadFile.mock.calls.map(([, , name]) => name)).toEqual(['one.pdf', 'two.pdf']);
  });

  it('sends the form only once its files are stored, by itself after a click that came too early', async () => {
    const { uploadFile, finish } = slowUpload();
    const onSubmit = vi.fn().mockResolvedValue({ isDone: true });
    const optional = {
      ...withOtherFields,
      pages: [{ id: 'p1', fields: withOtherFields.pages[0]?.fields.slice(0, 2) ?? [] }],
    };
    render(<FormView definition={optional} locale="en" uploadFile={uploadFile} onSubmit={onSubmit} />);
    choose([new File(['%PDF-1.7'], 'cv.pdf', { type: 'application/pdf' })]);
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText(/files or a signature are still being saved/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
    await finish(0);
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith(
        { cv: [{ fileId: 'f0', name: 'cv.pdf', size: 8, type: 'application/pdf' }] },
        '',
        { onWait: expect.any(Function) },
      ),
    );
  });
});

describe('a signature pad', () => {
  beforeEach(() => {
    // jsdom draws nothing: a pen that does nothing and a PNG of a few bytes stand in for the canvas.
    const pen = { clearRect() {}, beginPath() {}, moveTo() {}, lineTo() {}, stroke() {}, fillText() {} };
    vi.spyOn(HTMLCanvasElement.prototype, 'getContext').mockReturnValue(pen as unknown as CanvasRenderingContext2D);
    vi.spyOn(HTMLCanvasElement.prototype, 'toBlob').mockImplementation((done) =>
      done(new Blob(['png'], { type: 'image/png' })),
    );
    HTMLCanvasElement.prototype.setPointerCapture = () => undefined;
  });
  afterEach(() => vi.restoreAllMocks());

  const stroke = (pad: HTMLElement) => {
    fireEvent.pointerDown(pad, { pointerId: 1, clientX: 10, clientY: 10 });
    fireEvent.pointerMove(pad, { pointerId: 1, clientX: 40, clientY: 30 });
    fireEvent.pointerUp(pad, { pointerId: 1 });
  };

  it('saves a signature of several strokes once, after the pen rests', async () => {
    const uploadFile = vi.fn<UploadFile>(async (_fieldId, file) => ({
      fileId: 's1',
      name: 'signature.png',
      size: file.size,
      type: 'image/png',
    }));
    render(<FormView definition={withOtherFields} locale="en" uploadFile={uploadFile} />);
    const pad = screen.getByRole('img', { name: /Signature pad/ });
    stroke(pad);
    stroke(pad);
    stroke(pad);
    expect(await screen.findByText('Signature saved.')).toBeTruthy();
    expect(uploadFile).toHaveBeenCalledTimes(1);
    expect(uploadFile).toHaveBeenCalledWith('sign', expect.any(Blob), 'signature.png', expect.any(Function));
  });

  it('cleared while it uploads, stays cleared when the upload is done', async () => {
    const { uploadFile, finish } = slowUpload();
    render(<FormView definition={withOtherFields} locale="en" uploadFile={uploadFile} />);
    stroke(screen.getByRole('img', { name: /Signature pad/ }));
    await waitFor(() => expect(uploadFile).toHaveBeenCalledTimes(1));
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    await finish(0);
    expect(screen.queryByText('Signature saved.')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Submit' }));
    expect(await screen.findByText('Please check the marked answers.')).toBeTruthy();
  });
});
