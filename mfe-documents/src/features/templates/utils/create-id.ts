/**
 * An id for a new role or field: 18 random hex digits. From getRandomValues, which every browser has on
 * any page (randomUUID needs a secure context).
 */
export function createId(): string {
  return Array.from(crypto.getRandomValues(new Uint8Array(9)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}
