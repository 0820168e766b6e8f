/** The initials of a name: the first letter of its first and last word ("Anna Maria Schmidt" → "AS"). */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return [first, last].map((word) => (word ? [...word][0]?.toLocaleUpperCase() : '')).join('');
}
