import type { SigningFieldValue } from '@formwerk/contracts';
import { create } from 'zustand';
import type { FieldValues } from '../utils/field-values';

type SignerState = {
  /** The link the values belong to: another link starts afresh. */
  token: string | null;
  values: FieldValues;
  /** The field being filled, which the guide shows and the pages mark. */
  currentFieldId: string | null;
  /** Starts a link's values, unless they are that link's already (the code asked again after an hour). */
  start: (token: string, initial: FieldValues) => void;
  setValue: (fieldId: string, value: SigningFieldValue | undefined) => void;
  setCurrentField: (fieldId: string | null) => void;
};

// The values live beside the page, not in it: when the hour a code gives is over, the page asks for a
// new code and comes back to what was filled in, not to empty fields.
export const useSignerStore = create<SignerState>()((set, get) => ({
  token: null,
  values: {},
  currentFieldId: null,
  start: (token, initial) => {
    if (get().token !== token) set({ token, values: initial, currentFieldId: null });
  },
  setValue: (fieldId, value) =>
    set((state) => {
      const { [fieldId]: _, ...others } = state.values;
      return { values: value === undefined ? others : { ...others, [fieldId]: value } };
    }),
  setCurrentField: (currentFieldId) => set({ currentFieldId }),
}));
