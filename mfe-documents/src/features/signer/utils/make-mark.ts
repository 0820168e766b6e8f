import { type MadeMark, renderMark } from '../../signature-template/components/mark-ways';
import { fetchMarkImage } from '../api/signer-api';
import { toMarkValue } from './mark-png';

/** A mark as the dialog made it (drawn, typed, uploaded), or the visitor's saved one. */
export type MarkSource = MadeMark | { way: 'saved'; imageUrl: string };

/** The mark as a field's value: a PNG in base64 the api takes. */
export async function makeMark(source: MarkSource): Promise<{ png: string }> {
  return toMarkValue(source.way === 'saved' ? await fetchMarkImage(source.imageUrl) : await renderMark(source));
}
