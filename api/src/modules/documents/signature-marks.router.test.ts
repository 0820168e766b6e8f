import { crc32, deflateSync } from 'node:zlib';
import { signatureMarkMaxBytes } from '@formwerk/contracts';
import mongoose from 'mongoose';
import request from 'supertest';
import { beforeAll, describe, expect, it } from 'vitest';
import { createApp } from '../../platform/app';
import { createLogger } from '../../platform/logger';
import { signUpPerson } from '../../test/accounts';
import type { TestAgent } from '../../test/test-agent';
import { useTestDatabase } from '../../test/test-database';
import { addTeamMember } from '../teams/teams.service';

useTestDatabase();
const app = createApp({ logger: createLogger({ level: 'silent' }) });

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const typed = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(typed));
  return Buffer.concat([length, typed, crc]);
}

/** A real PNG of `width` × `height` transparent pixels (8-bit RGBA), `shade` in its first pixel. */
function makePng(width: number, height: number, shade = 0): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 4 + 1) * height);
  rows[1] = shade;
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

const save = (agent: TestAgent, name: string, body: Buffer, query: Record<string, string> = { kind: 'drawn' }) =>
  agent.put(`/api/v1/signature-marks/${name}`).query(query).set('Content-Type', 'image/png').send(body);

const marksOf = async (agent: TestAgent) => (await agent.get('/api/v1/signature-marks').expect(200)).body;

const imageOf = async (agent: TestAgent, name: string) =>
  agent
    .get(`/api/v1/signature-marks/${name}/image`)
    .buffer(true)
    .parse((response, done) => {
      const chunks: Buffer[] = [];
      response.on('data', (part: Buffer) => chunks.push(part));
      response.on('end', () => done(null, Buffer.concat(chunks)));
    });

const signatureFiles = () =>
  mongoose.connection.db?.collection('files.files').find({ 'metadata.kind': 'signature' }).toArray() ??
  Promise.resolve([]);

const filesOf = async (userId: string) =>
  (await signatureFiles()).filter((file) => String(file.metadata?.name).startsWith(`${userId}-`));

const signUp = (name: string) => signUpPerson(app, name);

let wide: Buffer;
beforeAll(() => {
  wide = makePng(600, 180);
});

describe('saving a signature and initials', () => {
  it('starts with neither, saves a drawn signature and typed initials, and serves each image as saved', async () => {
    const person = await signUp('Sina Signer');
    expect(await marksOf(person.agent)).toEqual({ signature: null, initials: null });

    const drawn = await save(person.agent, 'signature', wide).expect(200);
    expect(drawn.body).toMatchObject({ kind: 'drawn', width: 600, height: 180 });
    expect(drawn.body.typedText).toBeUndefined();
    const initials = makePng(120, 80, 7);
    await save(person.agent, 'initials', initials, { kind: 'typed', typedText: 'SS', font: 'caveat' }).expect(200);

    const marks = await marksOf(person.agent);
    expect(marks.signature).toMatchObject({ kind: 'drawn', width: 600, height: 180 });
    expect(marks.initials).toMatchObject({ kind: 'typed', typedText: 'SS', font: 'caveat', width: 120, height: 80 });
    expect(Date.parse(marks.initials.updatedAt)).toBeGreaterThan(Date.now() - 60_000);

    const image = await imageOf(person.agent, 'initials');
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.headers['cache-control']).toBe('private, no-store');
    expect(image.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.compare(image.body as Buffer, initials)).toBe(0);
  });

  it('replacing a mark removes the image it replaced', async () => {
    const person = await signUp('Rita Replace');
    await save(person.agent, 'signature', wide).expect(200);
    const [first] = await filesOf(person.userId);
    const typed = makePng(400, 100, 9);
    await save(person.agent, 'signature', typed, {
      kind: 'typed',
      typedText: 'Rita Replace',
      font: 'great-vibes',
    }).expect(200);

    const files = await filesOf(person.userId);
    expect(files).toHaveLength(1);
    expect(files[0]?._id.toString()).not.toBe(first?._id.toString());
    expect((await marksOf(person.agent)).signature).toMatchObject({ kind: 'typed', font: 'great-vibes' });
    expect(Buffer.compare((await imageOf(person.agent, 'signature')).body as Buffer, typed)).toBe(0);
  });

  it('two saves at once leave one mark and one image', async () => {
    const person = await signUp('Carl Concurrent');
    await Promise.all([
      save(person.agent, 'signature', makePng(300, 100, 1)).expect(200),
      save(person.agent, 'signature', makePng(300, 100, 2)).expect(200),
      save(person.agent, 'signature', makePng(300, 100, 3)).expect(200),
    ]);
    expect(await filesOf(person.userId)).toHaveLength(1);
    expect((await marksOf(person.agent)).signature).toMatchObject({ kind: 'drawn' });
  });

  it('deleting a mark removes it and its image; deleting it again answers 404', async () => {
    const person = await signUp('Dora Delete');
    await save(person.agent, 'signature', wide).expect(200);
    await save(person.agent, 'initials', makePng(100, 60), { kind: 'uploaded' }).expect(200);

    await person.agent.delete('/api/v1/signature-marks/signature').expect(204);
    const marks = await marksOf(person.agent);
    expect(marks.signature).toBeNull();
    expect(marks.initials).toMatchObject({ kind: 'uploaded' });
    expect(await filesOf(person.userId)).toHaveLength(1);
    await imageOf(person.agent, 'signature').then((response) => expect(response.status).toBe(404));
    const again = await person.agent.delete('/api/v1/signature-marks/signature').expect(404);
    expect(again.body.error.code).toBe('NOT_FOUND');
  });
});

describe('whose marks they are', () => {
  it('another person sees, changes and deletes only their own, and a person keeps theirs in another team', async () => {
    const owner = await signUp('Olga Owner');
    const other = await signUp('Max Member');
    await save(owner.agent, 'signature', wide).expect(200);

    expect(await marksOf(other.agent)).toEqual({ signature: null, initials: null });
    expect((await imageOf(other.agent, 'signature')).status).toBe(404);
    await other.agent.delete('/api/v1/signature-marks/signature').expect(404);
    await save(other.agent, 'signature', makePng(200, 50)).expect(200);
    expect((await marksOf(owner.agent)).signature).toMatchObject({ width: 600, height: 180 });

    // Max switches to Olga's team: his own mark comes along, Olga's stays hers.
    await addTeamMember(owner.teamId, other.userId, 'member');
    await other.agent.post('/api/v1/teams/current').send({ teamId: owner.teamId }).expect(200);
    expect((await marksOf(other.agent)).signature).toMatchObject({ width: 200, height: 50 });
  });

  it('without a session, every call answers 401', async () => {
    const guest = request(app);
    await guest.get('/api/v1/signature-marks').expect(401);
    await guest.get('/api/v1/signature-marks/signature/image').expect(401);
  });
});

describe('refusing a bad image, with nothing stored', () => {
  const refusals: [string, () => Buffer, Record<string, string>, number, string][] = [
    [
      'a JPEG',
      () => Buffer.from([0xff, 0xd8, 0xff, 0xe0, ...Array(200).fill(0)]),
      { kind: 'uploaded' },
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ],
    [
      'an HTML page',
      () => Buffer.from('<html><script>alert(1)</script></html>'),
      { kind: 'drawn' },
      415,
      'FILE_TYPE_NOT_ALLOWED',
    ],
    ['a PNG wider than 2000 px', () => makePng(2001, 10), { kind: 'uploaded' }, 400, 'VALIDATION_FAILED'],
    ['a PNG taller than 1000 px', () => makePng(10, 1001), { kind: 'uploaded' }, 400, 'VALIDATION_FAILED'],
    ['a PNG cut short', () => makePng(300, 100).subarray(0, 60), { kind: 'drawn' }, 400, 'VALIDATION_FAILED'],
    [
      'over 1 MB',
      () => Buffer.concat([makePng(10, 10), Buffer.alloc(signatureMarkMaxBytes)]),
      { kind: 'drawn' },
      413,
      'FILE_TOO_LARGE',
    ],
    ['typed without its font', () => makePng(300, 100), { kind: 'typed', typedText: 'Ada' }, 400, 'VALIDATION_FAILED'],
    [
      'an unknown font',
      () => makePng(300, 100),
      { kind: 'typed', typedText: 'Ada', font: 'comic-sans' },
      400,
      'VALIDATION_FAILED',
    ],
    [
      'a drawn mark with a text',
      () => makePng(300, 100),
      { kind: 'drawn', typedText: 'Ada' },
      400,
      'VALIDATION_FAILED',
    ],
    ['an unknown kind', () => makePng(300, 100), { kind: 'stamped' }, 400, 'VALIDATION_FAILED'],
  ];

  it.each(refusals)('refuses %s', async (_case, body, query, status, code) => {
    const person = await signUp('Bea Bad');
    const response = await save(person.agent, 'signature', body(), query);
    expect(response.status).toBe(status);
    expect(response.body.error.code).toBe(code);
    expect(await marksOf(person.agent)).toEqual({ signature: null, initials: null });
    expect(await filesOf(person.userId)).toHaveLength(0);
  });

  it('a refused replacement keeps the mark saved before', async () => {
    const person = await signUp('Kai Keep');
    await save(person.agent, 'signature', wide).expect(200);
    await save(person.agent, 'signature', makePng(3000, 100), { kind: 'uploaded' }).expect(400);
    expect((await marksOf(person.agent)).signature).toMatchObject({ kind: 'drawn', width: 600 });
    expect(await filesOf(person.userId)).toHaveLength(1);
  });

  it('an unknown mark name answers 400', async () => {
    const person = await signUp('Nora Name');
    const response = await save(person.agent, 'stamp', wide);
    expect(response.status).toBe(400);
    expect(response.body.error.code).toBe('VALIDATION_FAILED');
  });
});
