// Search by the start of words, in any case and with or without accents: "uber" and "über" both find
// "Übersicht". Each word of a name is kept as the prefixes of its plain spelling (ü → u) and, where it
// differs, of its German one (ü → ue), so "ueber" finds it too. Keys carry the team id, so a lookup by
// one key is one indexed equality that reads only that team's candidates.

/** Prefixes up to this long are stored; a longer word of a query is looked up by its first letters. */
const longestPrefix = 12;
/** The words of a name that get keys (a name of 200 characters has room for many more). */
const wordsKept = 30;

const germanSpellings: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };
// Letters that are no base letter plus a mark, so NFD alone would not take them apart.
const plainLetters: Record<string, string> = { ß: 'ss', æ: 'ae', œ: 'oe', ø: 'o', ł: 'l', đ: 'd', ı: 'i' };

const withoutMarks = (word: string) =>
  word
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .replace(/[ßæœøłđı]/g, (letter) => plainLetters[letter] ?? letter);

/** The lower-case words of a text: runs of letters and digits. */
const wordsOf = (text: string) =>
  text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);

/** The spellings of a name's word it is found by: plain, and German where that differs. */
function spellingsOf(word: string): string[] {
  const plain = withoutMarks(word);
  const german = withoutMarks(word.replace(/[äöüß]/g, (letter) => germanSpellings[letter] ?? letter));
  return german === plain ? [plain] : [plain, german];
}

const prefix = (word: string, length: number) => [...word].slice(0, length).join('');

/** The keys a document is found by: each kept word's prefixes, in both spellings. */
export function searchKeysOf(teamId: number, name: string): string[] {
  const keys = new Set<string>();
  for (const word of wordsOf(name).slice(0, wordsKept)) {
    for (const spelling of spellingsOf(word)) {
      const letters = [...spelling];
      for (let length = 1; length <= Math.min(longestPrefix, letters.length); length += 1) {
        keys.add(`${teamId}:${letters.slice(0, length).join('')}`);
      }
    }
  }
  return [...keys];
}

/** The words of a query as they are compared: lower case, without accents. */
export function searchWordsOf(query: string): string[] {
  return [...new Set(wordsOf(query).map(withoutMarks))];
}

/** The key to look a query up by: its longest word's, which has the fewest documents behind it. */
export function lookupKeyOf(teamId: number, words: string[]): string {
  const letterCount = (word: string) => [...word].length;
  const [longest = ''] = [...words].sort((left, right) => letterCount(right) - letterCount(left));
  return `${teamId}:${prefix(longest, longestPrefix)}`;
}

/** Whether every word of the query starts a word of the name (in either spelling). */
export function isNameMatching(name: string, words: string[]): boolean {
  const spellings = wordsOf(name).flatMap(spellingsOf);
  return words.every((word) => spellings.some((spelling) => spelling.startsWith(word)));
}
