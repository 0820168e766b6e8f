// Each role's fields are told apart by a colour, a border pattern and the role's number, written on
// every field: never by colour alone (WCAG 1.4.1). Ten colours and four patterns give twenty
// different looks, as many as a template has roles.
const colours = [
  '#3d5afe',
  '#c2185b',
  '#00796b',
  '#d84315',
  '#6a1b9a',
  '#2e7d32',
  '#6d4c41',
  '#00838f',
  '#827717',
  '#455a64',
] as const;
const patterns = ['solid', 'dashed', 'dotted', 'double'] as const;

export type RoleLook = { colour: string; pattern: (typeof patterns)[number]; marker: string };

/** The look of the role at `index` of the template's roles (0 for the first). */
export function roleLookOf(index: number): RoleLook {
  const position = Math.max(0, index);
  return {
    colour: colours[position % colours.length] ?? colours[0],
    pattern: patterns[position % patterns.length] ?? patterns[0],
    marker: String(position + 1),
  };
}
