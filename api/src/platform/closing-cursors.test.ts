import mongoose from 'mongoose';
import { beforeAll, describe, expect, it } from 'vitest';
import { useTestDatabase } from '../test/test-database';
import { closing } from './db';

useTestDatabase();

const RowModel = mongoose.model('ClosingCursorRow', new mongoose.Schema({ position: Number }));
// More than one batch (101), so a cursor left after its first document still has more to give.
const rowCount = 150;
// More than the connections FerretDB keeps for PostgreSQL (50): each cursor left open holds one.
const loopsCutShort = 60;

beforeAll(async () => {
  await RowModel.insertMany(Array.from({ length: rowCount }, (_unused, position) => ({ position })));
});

describe('closing', () => {
  it('closes a cursor whose loop breaks after its first document, so sixty such loops leave the database answering', async () => {
    for (let loop = 0; loop < loopsCutShort; loop += 1) {
      for await (const row of closing(RowModel.find().lean<{ position: number }[]>().cursor())) {
        expect(row.position).toBeTypeOf('number');
        break;
      }
    }
    expect(await RowModel.countDocuments()).toBe(rowCount);
  });

  it('closes the cursor when its loop throws, and passes the error on', async () => {
    for (let loop = 0; loop < loopsCutShort; loop += 1) {
      await expect(async () => {
        for await (const _row of closing(RowModel.find().lean<{ position: number }[]>().cursor())) {
          throw new Error('stop here');
        }
      }).rejects.toThrow('stop here');
    }
    expect(await RowModel.countDocuments()).toBe(rowCount);
  });

  it('yields every document of a loop that runs to its end', async () => {
    const positions: number[] = [];
    for await (const row of closing(RowModel.find().lean<{ position: number }[]>().cursor()))
      positions.push(row.position);
    expect(positions.sort((a, b) => a - b)).toEqual(Array.from({ length: rowCount }, (_unused, position) => position));
  });
});
