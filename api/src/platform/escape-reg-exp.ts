/** Text as a literal inside a regular expression: a search for `a.*` finds "a.*", not everything. */
export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
