// The type of a file told by its first bytes, never by its name or the uploader's word for it.
// Signatures from https://en.wikipedia.org/wiki/List_of_file_signatures.

const startsWith = (head: Buffer, bytes: number[], offset = 0) =>
  bytes.every((byte, index) => head[offset + index] === byte);
const ascii = (text: string) => [...text].map((character) => character.charCodeAt(0));

const officeTypes: Record<string, string> = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** The MIME type of the bytes at the start of a file, or null when it is none we accept at all. */
export function sniffFileType(head: Buffer, name: string): string | null {
  if (startsWith(head, [0x89, ...ascii('PNG'), 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'image/jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'image/gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'image/webp';
  if (startsWith(head, ascii('%PDF-'))) return 'application/pdf';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) {
    // Office documents are zip files; which one it is, only its name says without unpacking it.
    const extension = name.toLowerCase().split('.').pop() ?? '';
    return officeTypes[extension] ?? 'application/zip';
  }
  if (head.length > 0 && !head.includes(0) && isUtf8(head)) return 'text/plain';
  return null;
}

function isUtf8(bytes: Buffer): boolean {
  try {
    // A multi-byte character cut at the end of the sample is no reason to refuse the file.
    new TextDecoder('utf-8', { fatal: true }).decode(bytes.subarray(0, Math.max(0, bytes.length - 3)));
    return true;
  } catch {
    return false;
  }
}

/** Whether `type` is allowed by a field's list of types and families (`image/*`); an empty list allows all. */
export function isTypeAccepted(type: string, accept: readonly string[]): boolean {
  if (accept.length === 0) return true;
  return accept.some((allowed) => (allowed.endsWith('/*') ? type.startsWith(allowed.slice(0, -1)) : allowed === type));
}
