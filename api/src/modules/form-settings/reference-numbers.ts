import type { ReferenceSettings } from '@formwerk/contracts';
import { model, Schema } from '../../platform/db';

// Where references were counted before the form's own counter (`referenceSeq` of form-counter.model.ts, raised by
// the update that accepts a submission): read once, when the form's counters are first set.
const referenceCounterSchema = new Schema({
  _id: { type: String, required: true },
  last: { type: Number, default: 0 },
});
const ReferenceCounterModel = model('ReferenceCounter', referenceCounterSchema, 'reference_counters');

/** The last reference number a form gave before it had its counters; 0 if none. */
export async function findLegacyReferenceNumber(formId: string): Promise<number> {
  return (await ReferenceCounterModel.findById(formId).lean())?.last ?? 0;
}

/** The year of `now` on the wall clock of `timeZone`. */
function yearIn(now: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en', { timeZone, year: 'numeric' }).format(now);
}

/** A reference as the form's tab shapes it, e.g. `HR-2026-00042` (prefix, year, number padded with zeros). */
export function formatReference(number: number, settings: ReferenceSettings, timeZone: string, now: Date): string {
  const padded = String(number).padStart(settings.padding, '0');
  return `${settings.prefix}${settings.includeYear ? `${yearIn(now, timeZone)}-` : ''}${padded}`;
}
