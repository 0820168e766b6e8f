// A real DNS server on 127.0.0.1 for tests, speaking the wire protocol (RFC 1035) over UDP: the api's
// custom-domain check resolves TXT records through it. api tests set `records` in process; `npm test`
// also passes `directory`, so the Playwright workers (other processes) can publish a record by
// writing a file named after it (one value per line).
import { createSocket } from 'node:dgram';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const typeTxt = 16;
const rcodeServerFailure = 2;
const rcodeNoSuchName = 3;

/** @param {Buffer} query */
function readQuestion(query) {
  /** @type {string[]} */
  const labels = [];
  let offset = 12;
  while (query[offset] !== 0) {
    const length = query[offset] ?? 0;
    labels.push(query.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += length + 1;
  }
  offset += 1;
  return { name: labels.join('.').toLowerCase(), type: query.readUInt16BE(offset), end: offset + 4 };
}

/** A TXT record's data: the value in strings of at most 255 bytes, each preceded by its length. @param {string} value */
function txtData(value) {
  const bytes = Buffer.from(value, 'utf8');
  /** @type {Buffer[]} */
  const strings = [];
  let start = 0;
  do {
    const chunk = bytes.subarray(start, start + 255);
    strings.push(Buffer.from([chunk.length]), chunk);
    start += 255;
  } while (start < bytes.length);
  return Buffer.concat(strings);
}

/**
 * @param {Buffer} query
 * @param {{ valuesOf: (name: string) => string[] | undefined, failing: Set<string> }} zone
 */
function answer(query, zone) {
  const question = readQuestion(query);
  const values = zone.valuesOf(question.name);
  const rcode = zone.failing.has(question.name) ? rcodeServerFailure : values ? 0 : rcodeNoSuchName;
  const answers = rcode === 0 && question.type === typeTxt ? (values ?? []) : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2);
  // A response (QR), authoritative, recursion desired and available, with the outcome's code.
  header.writeUInt16BE(0x8580 | rcode, 2);
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(answers.length, 6);
  const records = answers.map((value) => {
    const data = txtData(value);
    const record = Buffer.alloc(12);
    record.writeUInt16BE(0xc00c, 0); // the name: a pointer to the question's
    record.writeUInt16BE(typeTxt, 2);
    record.writeUInt16BE(1, 4); // class IN
    record.writeUInt32BE(60, 6);
    record.writeUInt16BE(data.length, 10);
    return Buffer.concat([record, data]);
  });
  return Buffer.concat([header, query.subarray(12, question.end), ...records]);
}

/**
 * Answers TXT questions from `records` (name → values) or, with `directory`, from the file of that
 * name; "no such name" for other names, and a server failure for names in `failing`.
 * @param {{ directory?: string }} [options]
 */
export async function startDnsServer({ directory } = {}) {
  if (directory) mkdirSync(directory, { recursive: true });
  /** @type {Map<string, string[]>} */
  const records = new Map();
  /** @type {Set<string>} */
  const failing = new Set();
  /** @param {string} name */
  const valuesOf = (name) => {
    const file = directory && /^[a-z0-9._-]+$/.test(name) ? join(directory, name) : undefined;
    if (file && existsSync(file)) return readFileSync(file, 'utf8').split('\n').filter(Boolean);
    return records.get(name);
  };
  const socket = createSocket('udp4');
  socket.on('message', (query, peer) => socket.send(answer(query, { valuesOf, failing }), peer.port, peer.address));
  await new Promise((resolve) => socket.bind(0, '127.0.0.1', () => resolve(undefined)));
  return {
    /** `127.0.0.1:<port>`, as DNS_SERVERS takes it. */
    address: `127.0.0.1:${socket.address().port}`,
    records,
    failing,
    /** @returns {Promise<void>} */
    stop: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}
