import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PDF, PdfArray, PdfNumber } from '@libpdf/core';
import { afterAll, beforeAll } from 'vitest';

const run = promisify(execFile);

/** A run of a command line tool: its exit code and what it printed, also when it failed. */
export type ToolRun = { exitCode: number; output: string };

export async function runTool(command: string, args: string[]): Promise<ToolRun> {
  try {
    const { stdout, stderr } = await run(command, args, { maxBuffer: 32 * 1024 * 1024 });
    return { exitCode: 0, output: `${stdout}${stderr}` };
  } catch (error) {
    const failed = error as { code?: number; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { exitCode: failed.code, output: `${failed.stdout ?? ''}${failed.stderr ?? ''}` };
  }
}

/** A directory of this test file's own for the files the tools read, removed after its tests. */
export function useScratchDirectory(): () => string {
  let directory = '';
  beforeAll(async () => {
    directory = await mkdtemp(join(tmpdir(), 'formwerk-sealing-'));
  });
  afterAll(async () => {
    await rm(directory, { recursive: true, force: true });
  });
  return () => directory;
}

let fileCount = 0;
async function writeScratch(directory: string, bytes: Uint8Array, extension = 'pdf'): Promise<string> {
  fileCount += 1;
  const path = join(directory, `file-${fileCount}.${extension}`);
  await writeFile(path, bytes);
  return path;
}

/**
 * Debian's pdfsig on the file. It exits 0 whatever it finds, so its report is read: the validation
 * line and the signer of each signature.
 */
export async function checkWithPdfsig(
  directory: string,
  pdf: Uint8Array,
): Promise<{ signatures: { validation: string; signer: string; type: string; isWholeDocument: boolean }[] }> {
  const { output } = await runTool('/usr/bin/pdfsig', [await writeScratch(directory, pdf)]);
  const sections = output.split(/^Signature #\d+:$/m).slice(1);
  return {
    signatures: sections.map((section) => ({
      validation: /Signature Validation: (.+)$/m.exec(section)?.[1]?.trim() ?? '',
      signer: /Signer Certificate Common Name: (.+)$/m.exec(section)?.[1]?.trim() ?? '',
      type: /Signature Type: (.+)$/m.exec(section)?.[1]?.trim() ?? '',
      isWholeDocument: section.includes('Total document signed'),
    })),
  };
}

export async function checkWithQpdf(directory: string, pdf: Uint8Array): Promise<ToolRun> {
  return runTool('/usr/bin/qpdf', ['--check', await writeScratch(directory, pdf)]);
}

/**
 * The signature's parts, found as a verifier finds them: the last /ByteRange [start length start length]
 * names the signed bytes, and the gap between its two ranges is /Contents, the CMS in hex between < >
 * (padded with zeros to the room reserved for it).
 */
export function signatureParts(pdf: Uint8Array): { signedBytes: Buffer; cms: Buffer } {
  const text = Buffer.from(pdf).toString('latin1');
  const ranges = [...text.matchAll(/\/ByteRange\s*\[\s*(\d+)\s+(\d+)\s+(\d+)\s+(\d+)\s*\]/g)];
  const last = ranges.at(-1);
  if (!last) throw new Error('The PDF has no /ByteRange');
  const [firstStart, firstLength, secondStart, secondLength] = last.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
  ];
  const bytes = Buffer.from(pdf);
  const contents = text.slice(firstStart + firstLength, secondStart);
  if (!/^<[0-9a-fA-F]+>$/.test(contents)) throw new Error('The /ByteRange gap is not the /Contents hex string');
  return {
    signedBytes: Buffer.concat([
      bytes.subarray(firstStart, firstStart + firstLength),
      bytes.subarray(secondStart, secondStart + secondLength),
    ]),
    cms: derElement(Buffer.from(contents.slice(1, -1), 'hex')),
  };
}

/**
 * The DER element at the start of `padded`, by the length its header states. Trimming the zeros of
 * the padding instead would also cut a signature whose own last bytes are zero.
 */
function derElement(padded: Buffer): Buffer {
  const first = padded[1] ?? 0;
  if (first < 0x80) return padded.subarray(0, 2 + first);
  const lengthBytes = first & 0x7f;
  const length = padded.subarray(2, 2 + lengthBytes).reduce((total, byte) => total * 256 + byte, 0);
  return padded.subarray(0, 2 + lengthBytes + length);
}

/** `openssl cms -verify` of the signature over its byte range, trusting only `caPem`. */
export async function verifyWithOpenssl(directory: string, pdf: Uint8Array, caPem: string): Promise<ToolRun> {
  const { signedBytes, cms } = signatureParts(pdf);
  return runTool('/usr/bin/openssl', [
    'cms',
    '-verify',
    '-binary',
    '-inform',
    'DER',
    '-in',
    await writeScratch(directory, cms, 'p7s'),
    '-content',
    await writeScratch(directory, signedBytes, 'bin'),
    '-CAfile',
    await writeScratch(directory, Buffer.from(caPem), 'pem'),
    '-purpose',
    'any',
    '-out',
    '/dev/null',
  ]);
}

/** The signature's CMS as OpenSSL prints its structure (signed and unsigned attributes by name). */
export async function printCms(directory: string, pdf: Uint8Array): Promise<string> {
  const { cms } = signatureParts(pdf);
  const path = await writeScratch(directory, cms, 'p7s');
  const { output } = await runTool('/usr/bin/openssl', ['cms', '-cmsout', '-print', '-inform', 'DER', '-in', path]);
  return output;
}

/** The text of the PDF (or of page `page`, 1-based) as poppler's pdftotext extracts it. */
export async function extractText(directory: string, pdf: Uint8Array, page?: number): Promise<string> {
  const pages = page === undefined ? [] : ['-f', String(page), '-l', String(page)];
  const { exitCode, output } = await runTool('/usr/bin/pdftotext', [...pages, await writeScratch(directory, pdf), '-']);
  if (exitCode !== 0) throw new Error(`pdftotext failed: ${output}`);
  return output;
}

export type WordBox = { text: string; left: number; top: number; right: number; bottom: number };

/**
 * The words of each page with their boxes in points on the page as a viewer shows it: from the
 * CropBox's top left corner, with the page's /Rotate applied.
 */
export async function extractWordBoxes(directory: string, pdf: Uint8Array): Promise<WordBox[][]> {
  const { output } = await runTool('/usr/bin/pdftotext', [
    '-bbox',
    '-cropbox',
    await writeScratch(directory, pdf),
    '-',
  ]);
  return output
    .split('<page ')
    .slice(1)
    .map((page) =>
      [...page.matchAll(/<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">([^<]*)<\/word>/g)].map(
        ([, left, top, right, bottom, text]) => ({
          text: (text ?? '')
            .replace(/&amp;/g, '&')
            .replace(/&lt;/g, '<')
            .replace(/&gt;/g, '>')
            .replace(/&quot;/g, '"'),
          left: Number(left),
          top: Number(top),
          right: Number(right),
          bottom: Number(bottom),
        }),
      ),
    );
}

/**
 * poppler's list of the images drawn on the pages (their soft masks left out): the page, the image's
 * object number and its resolution as drawn, equal across and down when drawn in its aspect ratio.
 */
export async function listImages(
  directory: string,
  pdf: Uint8Array,
): Promise<{ page: number; objectNumber: number; xPpi: number; yPpi: number }[]> {
  const { output } = await runTool('/usr/bin/pdfimages', ['-list', await writeScratch(directory, pdf)]);
  return output
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((columns) => columns.length >= 14 && columns[2] === 'image')
    .map((columns) => ({
      page: Number(columns[0]),
      objectNumber: Number(columns[10]),
      xPpi: Number(columns[12]),
      yPpi: Number(columns[13]),
    }));
}

/** A drawn signature (600 × 200) and initials (240 × 160) as the browser sends them: PNGs, 8-bit RGBA. */
export const signaturePng = (): Uint8Array => readFileSync(new URL('./fixtures/signature.png', import.meta.url));
export const initialsPng = (): Uint8Array => readFileSync(new URL('./fixtures/initials.png', import.meta.url));

/**
 * A document as users upload them, in the shapes that move fields around: an A4 page, a Letter page
 * whose CropBox shows only part of it, an A4 page laid landscape, and an A4 portrait page turned by
 * /Rotate 90 (shown landscape). Each page says its number.
 */
export async function makeSamplePdf(): Promise<Uint8Array> {
  const pdf = PDF.create();
  pdf.addPage({ size: 'a4' }).drawText('Vertrag Seite 1', { x: 60, y: 780, size: 14 });
  const cropped = pdf.addPage({ size: 'letter' });
  cropped.dict.set('CropBox', new PdfArray([36, 36, 576, 756].map((value) => PdfNumber.of(value))));
  cropped.drawText('Vertrag Seite 2', { x: 60, y: 700, size: 14 });
  pdf.addPage({ size: 'a4', orientation: 'landscape' }).drawText('Vertrag Seite 3', { x: 60, y: 520, size: 14 });
  pdf.addPage({ size: 'a4', rotate: 90 }).drawText('Vertrag Seite 4', { x: 60, y: 780, size: 14 });
  return pdf.save();
}
