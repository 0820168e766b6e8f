import type { SignatureFont } from '@formwerk/contracts';
import { prepareUpload } from '../../signature-template/utils/prepare-upload';
import { renderTypedMark } from '../../signature-template/utils/render-typed';
import { renderStrokes, type Stroke } from '../../signature-template/utils/strokes';
import { fetchMarkImage } from '../api/signer-api';
import { toMarkValue } from './mark-png';

/** A mark as the dialog made it: drawn, typed, uploaded, or the visitor's saved one. */
export type MarkSource =
  | { way: 'draw'; strokes: Stroke[] }
  | { way: 'type'; text: string; font: SignatureFont; color: string }
  | { way: 'upload'; file: File; isWhiteTransparent: boolean }
  | { way: 'saved'; imageUrl: string };

/** The mark as a field's value: a PNG in base64 the api takes. */
export async function makeMark(source: MarkSource): Promise<{ png: string }> {
  switch (source.way) {
    case 'draw':
      return toMarkValue(await renderStrokes(source.strokes));
    case 'type':
      return toMarkValue(await renderTypedMark(source.text, source.font, source.color));
    case 'upload':
      return toMarkValue(await prepareUpload(source.file, { isWhiteTransparent: source.isWhiteTransparent }));
    case 'saved':
      return toMarkValue(await fetchMarkImage(source.imageUrl));
  }
}
