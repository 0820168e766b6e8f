import type { FormDefinition } from '@formwerk/contracts';
import { type Locale, localePath } from '@formwerk/platform';

export type HiddenField = Extract<FormDefinition['pages'][number]['fields'][number], { type: 'hidden' }>;

/** The address respondents open: /form/{id} in German, /en/form/{id} in English. */
export function toPublicLink(origin: string, formId: string, locale: Locale): string {
  return `${origin}${localePath('form-id', locale, { id: formId })}`;
}

/** The hidden fields whose value a link can carry (`?{queryParam}=…`). */
export function findHiddenFields(definition: FormDefinition): HiddenField[] {
  return definition.pages
    .flatMap((page) => page.fields)
    .filter((field): field is HiddenField => field.type === 'hidden');
}

/** The public link with the given values for the query parameters; empty values are left out. */
export function toPrefilledLink(publicLink: string, values: Record<string, string>): string {
  const query = new URLSearchParams(Object.entries(values).filter(([, value]) => value !== '')).toString();
  return query ? `${publicLink}?${query}` : publicLink;
}

function escapeAttribute(text: string): string {
  return text.replace(/[&<>"]/g, (character) => `&#${character.charCodeAt(0)};`);
}

/** The frame a site pastes where the form should appear; `embed=1` marks the visit as embedded. */
export function toIframeSnippet(publicLink: string, title: string): string {
  return `<iframe src="${escapeAttribute(`${publicLink}?embed=1`)}" title="${escapeAttribute(title)}" style="width:100%;border:0" loading="lazy"></iframe>`;
}

/** The script that grows each embedded form's frame to the form's height (shell/server/embed-script.ts). */
export function toScriptSnippet(origin: string): string {
  return `<script src="${escapeAttribute(`${origin}/embed.js`)}" async></script>`;
}

const germanLetters: Record<string, string> = { ä: 'ae', ö: 'oe', ü: 'ue', ß: 'ss' };

/** A file name from the form's title, e.g. "Anmeldung Sommerfest 2025" → "anmeldung-sommerfest-2025". */
export function toFileSlug(title: string): string {
  const slug = title
    .toLowerCase()
    .replace(/[äöüß]/g, (letter) => germanLetters[letter] ?? letter)
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 60)
    .replace(/-+$/, '');
  return slug || 'form';
}
