import type { FormDefinition } from '@formwerk/contracts';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
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
});
