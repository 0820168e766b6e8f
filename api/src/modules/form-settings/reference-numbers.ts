import type { ReferenceSettings } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// One counter per form, raised by one atomic update per submission: no two submissions share a number.
const referenceCounterSchema = new Schema({
  _id: { type: String, required: true },
  last: { type: Number, default: 0 },
});
const ReferenceCounterModel = model('ReferenceCounter', referenceCounterSchema, 'reference_counters');

const isDuplicateKey = (error: unknown) => (error as { code?: number } | null)?.code === 11000;

async function nextNumber(formId: string): Promise<number> {
  const raise = () =>
    ReferenceCounterModel.findOneAndUpdate({ _id: formId }, { $inc: { last: 1 } }, { upsert: true, new: true }).lean();
  try {
    return (await raise())?.last ?? 1;
  } catch (error) {
    // Two first submissions may both try to create the counter; the loser raises the winner's.
    if (!isDuplicateKey(error)) throw error;
    return (await raise())?.last ?? 1;
  }
}

/** The year of `now` on the wall clock of `timeZone`. */
function yearIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(now);
}

/** The next reference of a form, e.g. `HR-2026-00042` (prefix, year, counter padded with zeros). */
export async function nextReference(
  formId: string,
  settings: ReferenceSettings,
  timeZone: string,
  now: Date,
): Promise<string> {
  const number = String(await nextNumber(formId)).padStart(settings.padding, '0');
  return `${settings.prefix}${settings.includeYear ? `${yearIn(now, timeZone)}-` : ''}${number}`;
}
