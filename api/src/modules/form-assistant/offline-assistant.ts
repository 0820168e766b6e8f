import type { FormDefinition, FormDefinitionInput, FormFieldInput, FormLanguage } from '@formwerk/contracts';
import { AppError } from '../../platform/errors';
import { findTemplate } from '../templates/templates.service';
import {
  fillerWords,
  lexicon,
  optionSeparator,
  parenthesisListPattern,
  slashListPattern,
  templateSubjects,
  yesNoOptions,
} from './offline-lexicon';
import { idFromText } from './proposal-ids';

// The assistant without an AI model: a deterministic mapper from a description to a draft, and from
// simple follow-ups ("Telefon optional", "add a consent checkbox", "remove the address") to edits.
// It says what it did in its explanation, honestly labelled as not coming from a model.

export type OfflineInput = {
  description: string;
  language: FormLanguage;
  currentDefinition?: FormDefinition | undefined;
  history: readonly unknown[];
};
export type OfflineProposal = { draft: FormDefinitionInput; explanation: string };
type PageInput = FormDefinitionInput['pages'][number];

const texts = {
  de: {
    intro: 'Ohne KI-Modell: Vorschlag aus erkannten Feldern und Vorlagen.',
    template: (title: string) => `Vorlage „${title}“.`,
    recognized: (labels: string) => `Erkannt: ${labels}.`,
    optional: (label: string) => `„${label}“ ist jetzt optional.`,
    required: (label: string) => `„${label}“ ist jetzt ein Pflichtfeld.`,
    removed: (label: string) => `„${label}“ entfernt.`,
    added: (label: string) => `„${label}“ hinzugefügt.`,
    renamed: (from: string, to: string) => `„${from}“ heißt jetzt „${to}“.`,
    title: (title: string) => `Titel: „${title}“.`,
    notUnderstood: (clause: string) => `Nicht verstanden: „${clause}“.`,
    newForm: 'Neues Formular',
  },
  en: {
    intro: 'Without an AI model: a draft from recognized fields and templates.',
    template: (title: string) => `Template “${title}”.`,
    recognized: (labels: string) => `Recognized: ${labels}.`,
    optional: (label: string) => `“${label}” is optional now.`,
    required: (label: string) => `“${label}” is required now.`,
    removed: (label: string) => `Removed “${label}”.`,
    added: (label: string) => `Added “${label}”.`,
    renamed: (from: string, to: string) => `“${from}” is now called “${to}”.`,
    title: (title: string) => `Title: “${title}”.`,
    notUnderstood: (clause: string) => `Not understood: “${clause}”.`,
    newForm: 'New form',
  },
} satisfies Record<FormLanguage, unknown>;
type Texts = (typeof texts)[FormLanguage];

const nothingRecognized = () =>
  new AppError(
    'ASSISTANT_NOTHING_RECOGNIZED',
    422,
    'The description names no field or template the offline assistant knows',
  );

const capitalize = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);
const normalize = (text: string) =>
  text
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();

/** A field found in the text, where it was written and under which key. */
type Recognized = { start: number; end: number; key: string; field: FormFieldInput };

type Span = { start: number; end: number };
const overlaps = (spans: readonly Span[], start: number, end: number) =>
  spans.some((span) => start < span.end && span.start < end);

const isFieldWord = (text: string) => lexicon.some((entry) => text.search(entry.pattern) >= 0);
const isKnownWord = (text: string) => fillerWords.has(text.toLowerCase()) || isFieldWord(text);

/** Choice lists written out: a yes/no question, a few options to pick one, or a dropdown of many. */
function recognizeChoices(text: string, claimed: Span[]): Recognized[] {
  const found: Recognized[] = [];
  for (const listPattern of [parenthesisListPattern, slashListPattern]) {
    for (const match of text.matchAll(listPattern)) {
      const [whole, labelText = '', optionsText = ''] = match;
      const options = [...new Set(optionsText.split(optionSeparator).map((option) => option.trim()))].filter(Boolean);
      // Not a choice: a date (12/05/2026), "und/oder", or fields listed ("Name/E-Mail/Telefon").
      const isNotChoice =
        options.every((option) => /^\d+$/.test(option)) ||
        options.every((option) => fillerWords.has(option.toLowerCase()) && !/^(?:ja|nein|yes|no)$/i.test(option)) ||
        options.some(isFieldWord);
      if (options.length < 2 || options.length > 30 || isNotChoice) continue;
      // The words before the list name it, less those that belong to something else ("E-Mail und Größe S/M/L").
      const words = [...labelText.matchAll(/\S+/gu)];
      let first = 0;
      words.forEach((word, index) => {
        if (index < words.length - 1 && isKnownWord(word[0])) first = index + 1;
      });
      const labelStart = words[first]?.index ?? 0;
      const label = labelText.slice(labelStart).replace(/\s+/gu, ' ').trim();
      const start = (match.index ?? 0) + labelStart;
      const end = (match.index ?? 0) + whole.length;
      if (isKnownWord(label) || overlaps(claimed, start, end)) continue;
      claimed.push({ start, end });
      const id = idFromText(label, 'choice');
      const isYesNo = yesNoOptions.has(options.map((option) => option.toLowerCase()).join('|'));
      const choices = options.map((option, index) => ({
        id: idFromText(option, `choice-${index + 1}`),
        label: option,
      }));
      const uniqueChoices = choices.map((choice, index) =>
        choices.findIndex((other) => other.id === choice.id) === index
          ? choice
          : { ...choice, id: `${choice.id}-${index + 1}` },
      );
      const fieldLabel = capitalize(label);
      found.push({
        start,
        end,
        key: id,
        field: isYesNo
          ? { id, type: 'yesNo', label: fieldLabel.endsWith('?') ? fieldLabel : `${fieldLabel}?` }
          : { id, type: options.length > 6 ? 'dropdown' : 'singleChoice', label: fieldLabel, choices: uniqueChoices },
      });
    }
  }
  return found;
}

/**
 * The fields a text names, in the order it names them: choice lists first (their words are the
 * author's), then the lexicon's entries, each part of the text claimed once and each key taken once.
 */
export function recognizeFields(text: string, language: FormLanguage, claimed: Span[] = []): Recognized[] {
  const found = recognizeChoices(text, claimed);
  for (const entry of lexicon) {
    for (const match of text.matchAll(entry.pattern)) {
      const start = match.index ?? 0;
      const end = start + match[0].length;
      if (overlaps(claimed, start, end)) continue;
      claimed.push({ start, end });
      const isOwnLabel = entry.isLabelFromText && /\s/.test(match[0].trim());
      const label = isOwnLabel ? capitalize(match[0].trim()) : entry.label[language];
      found.push({
        start,
        end,
        key: entry.key,
        field: { ...entry.field(language), id: entry.key, label } as FormFieldInput,
      });
    }
  }
  return found
    .sort((a, b) => a.start - b.start)
    .filter((recognized, index, all) => all.findIndex((other) => other.key === recognized.key) === index);
}

/** The built-in template whose subject the text names most often, and where it names it. */
function findTemplateSubject(text: string): { templateId: string; spans: Span[] } | undefined {
  let best: { templateId: string; spans: Span[] } | undefined;
  for (const { templateId, pattern } of templateSubjects) {
    const spans = [...text.matchAll(pattern)].map((match) => ({
      start: match.index ?? 0,
      end: (match.index ?? 0) + match[0].length,
    }));
    if (spans.length > (best?.spans.length ?? 0)) best = { templateId, spans };
  }
  return best;
}

// Fields a form has once: a second one of these is what the template has already.
const singleTypes = new Set(['email', 'phone', 'signature', 'rating', 'opinionScale']);
// A template's fields that stand for a recognized one.
const coveringIds: Record<string, string[]> = {
  name: ['name', 'first-name', 'last-name', 'full-name'],
  consent: ['consent', 'privacy'],
  address: ['address', 'street', 'postal-code'],
};

function isCovered(recognized: Recognized, fields: readonly FormFieldInput[]): boolean {
  const { field, key } = recognized;
  return fields.some(
    (existing) =>
      existing.id === key ||
      (coveringIds[key] ?? []).includes(existing.id) ||
      (singleTypes.has(field.type) && existing.type === field.type) ||
      (key === 'date' && existing.type === 'date') ||
      (existing.type === field.type && normalize(existing.label) === normalize(field.label)),
  );
}

const isClosing = (field: { type: string } | undefined) => field?.type === 'consent' || field?.type === 'signature';

/** Adds `field` to the last page: before the consents and signature that close a form, unless it is one. */
function appendField(pages: PageInput[], field: FormFieldInput): void {
  const page = pages.at(-1);
  if (!page) return;
  let index = page.fields.length;
  if (!isClosing(field)) while (index > 0 && isClosing(page.fields[index - 1])) index -= 1;
  page.fields.splice(index, 0, field);
}

const listOf = (fields: readonly FormFieldInput[]) => fields.map((field) => field.label).join(', ');

/** A new draft from the template the text names and the fields it recognizes. */
function draftFromDescription(input: OfflineInput, words: Texts): OfflineProposal {
  const { description, language, currentDefinition: base } = input;
  const subject = findTemplateSubject(description);
  const template = subject ? findTemplate(subject.templateId, language) : undefined;
  const recognized = recognizeFields(description, language, [...(subject?.spans ?? [])]);
  if (!template && recognized.length === 0) throw nothingRecognized();
  const pages: PageInput[] = template
    ? structuredClone(template.definition.pages)
    : [{ id: base?.pages[0]?.id ?? 'page-1', fields: [] }];
  const added = recognized.filter(
    (candidate) =>
      !isCovered(
        candidate,
        pages.flatMap((page) => page.fields),
      ),
  );
  for (const { field } of added) appendField(pages, field);
  const explanation = [
    words.intro,
    template ? words.template(template.title) : '',
    added.length > 0 ? words.recognized(listOf(added.map((candidate) => candidate.field))) : '',
  ];
  return {
    draft: {
      title: template?.definition.title ?? base?.title ?? words.newForm,
      description: template?.definition.description ?? base?.description ?? '',
      language,
      pages,
    },
    explanation: explanation.filter(Boolean).join(' '),
  };
}

type Action = 'optional' | 'required' | 'remove' | 'add';
const actionPatterns: readonly [Action, RegExp][] = [
  [
    'optional',
    /optional|nicht (?:mehr )?(?:erforderlich|verpflichtend|notwendig|pflicht\p{L}*)|kein(?:e)? pflicht\p{L}*|not (?:required|mandatory)|no longer required/iu,
  ],
  ['required', /pflicht\p{L}*|erforderlich|verpflichtend|obligatorisch|required|mandatory|compulsory/iu],
  [
    'remove',
    /(?<!\p{L})(?:entfern\p{L}*|lösch\p{L}*|streich\p{L}*|weglassen|weg|raus|ohne|remove|delete|drop|without|get rid of|brauchen wir nicht|nicht (?:mehr )?(?:nötig|benötigt|gebraucht)|not needed|(?:don't|do not) need)(?!\p{L})/iu,
  ],
  [
    'add',
    /(?<!\p{L})(?:hinzufüg\p{L}*|hinzu|ergänz\p{L}*|zusätzlich\p{L}*|füg\p{L}*|neue[snmr]? (?:feld|frage)|add|include|append|plus|another|new (?:field|question))(?!\p{L})/iu,
  ],
];
const renamePatterns = [
  /(?:benenn\p{L}*|nenn\p{L}*)\s+(.+?)\s+(?:in|zu)\s+(.+?)(?:\s+um)?$/iu,
  /rename\s+(.+?)\s+(?:to|as|into)\s+(.+)$/iu,
  /(.+?)\s+(?:soll|sollte)\s+(.+?)\s+heißen$/iu,
  /(.+?)\s+should be (?:called|named|labell?ed)\s+(.+)$/iu,
];
const titlePattern = /(?:titel|title|überschrift)\s*(?:soll|should be|:|=|auf|to|in)?\s*[„"“‚'‘](.+?)[“"”‘'’]/iu;
const quoted = /[„"“‚'‘]([^„"“”‚'‘’]{2,200})[“"”‘'’]/gu;

// Words of an instruction that name no field.
const instructionWords = new Set([
  ...fillerWords,
  ...'make mache mach machen set setze setzen please soll sollte should be sein werden is ist it es auch noch about über zu to as als fields felder checkbox kästchen häkchen box this dieses diese dieser wir we want möchten bitte'.split(
    ' ',
  ),
]);

type Instruction =
  | { kind: 'action'; action: Action | null; text: string }
  | { kind: 'rename'; from: string; to: string; text: string }
  | { kind: 'title'; title: string; text: string };

const unquote = (text: string) =>
  text
    .trim()
    .replace(/^[„"“‚'‘]+|[“"”‘'’]+$/gu, '')
    .trim();

/** The description as instructions: sentences, then clauses (not inside quotes or parentheses). */
function parseInstructions(description: string): Instruction[] {
  const instructions: Instruction[] = [];
  for (const sentence of description.split(/[.;!?\n]+(?=\s|$)|\n+/u).map((part) => part.trim())) {
    if (!sentence) continue;
    const title = sentence.match(titlePattern);
    if (title?.[1]) {
      instructions.push({ kind: 'title', title: title[1].trim(), text: sentence });
      continue;
    }
    const rename = renamePatterns.map((candidate) => sentence.match(candidate)).find(Boolean);
    if (rename?.[1] && rename[2]) {
      instructions.push({ kind: 'rename', from: unquote(rename[1]), to: unquote(rename[2]), text: sentence });
      continue;
    }
    const protectedParts: string[] = [];
    const masked = sentence.replace(/\([^()]*\)|[„"“‚'‘][^„"“”‚'‘’]*[“"”‘'’]/gu, (part) => {
      protectedParts.push(part);
      return `\uE000${protectedParts.length - 1}\uE000`;
    });
    const clauses = masked
      .split(/\s*,\s*|\s+(?:und|and|sowie|außerdem|then|dann)\s+/iu)
      .map((clause) =>
        clause.replace(/\uE000(\d+)\uE000/gu, (_token, index: string) => protectedParts[Number(index)] ?? ''),
      )
      .map((clause) => clause.trim())
      .filter(Boolean);
    for (const clause of clauses) {
      const action = actionPatterns.find(([, actionPattern]) => actionPattern.test(clause))?.[0] ?? null;
      instructions.push({ kind: 'action', action, text: clause });
    }
  }
  // "Telefon und E-Mail optional", "add name and email": a clause without a verb shares its neighbour's.
  instructions.forEach((instruction, index) => {
    if (instruction.kind !== 'action' || instruction.action) return;
    const neighbours = [...instructions.slice(0, index).reverse(), ...instructions.slice(index + 1)];
    const shared = neighbours.find(
      (neighbour): neighbour is Extract<Instruction, { kind: 'action' }> =>
        neighbour.kind === 'action' && neighbour.action !== null,
    );
    instruction.action = shared?.action ?? null;
  });
  return instructions;
}

/** The fields of `fields` that `text` names: by the lexicon's key, type or label, else by the words of their labels. */
function findNamedFields(fields: readonly FormFieldInput[], text: string, language: FormLanguage): FormFieldInput[] {
  const named = new Set<FormFieldInput>();
  for (const { key, field: kind, start, end } of recognizeFields(text, language)) {
    const written = normalize(text.slice(start, end));
    const byKey = fields.filter((field) => field.id === key || field.id.startsWith(`${key}-`));
    const byLabel = fields.filter(
      (field) => field.type === kind.type && normalize(field.label) === normalize(kind.label),
    );
    const byType = ['shortText', 'longText', 'number'].includes(kind.type)
      ? []
      : fields.filter((field) => field.type === kind.type);
    const byWords = fields.filter((field) => normalize(field.label).includes(written));
    const matches = [byKey, byLabel, byType, byWords].find((candidates) => candidates.length > 0) ?? [];
    for (const field of matches) named.add(field);
  }
  if (named.size > 0) return [...named];
  const quotedLabels = [...text.matchAll(quoted)].map((match) => normalize(match[1] ?? ''));
  const byQuote = fields.filter((field) =>
    quotedLabels.some((label) => label && normalize(field.label).includes(label)),
  );
  if (byQuote.length > 0) return byQuote;
  const words = normalize(text)
    .split(' ')
    .filter(
      (word) =>
        word.length >= 3 && !instructionWords.has(word) && !actionPatterns.some(([, pattern]) => pattern.test(word)),
    );
  if (words.length === 0) return [];
  const scored = fields.map((field) => ({
    field,
    score: words.filter((word) =>
      normalize(field.label)
        .split(' ')
        .some((part) => part.length >= 3 && (part.startsWith(word) || word.startsWith(part))),
    ).length,
  }));
  const best = Math.max(...scored.map(({ score }) => score));
  const winners = scored.filter(({ score }) => score === best && score > 0);
  return winners.length === 1 ? winners.map(({ field }) => field) : [];
}

/** The fields an "add" clause asks for: what the lexicon recognizes, else a question written in quotes. */
function fieldsToAdd(text: string, language: FormLanguage): FormFieldInput[] {
  const recognized = recognizeFields(text, language).map(({ field }) => field);
  if (recognized.length > 0) return recognized;
  return [...text.matchAll(quoted)].map((match) => {
    const label = (match[1] ?? '').trim();
    return { id: idFromText(label, 'question'), type: 'shortText', label };
  });
}

/** Follow-ups applied to `base`, or null when the description asks for no edit (then it describes a form). */
function editDefinition(
  base: FormDefinition,
  description: string,
  words: Texts,
  language: FormLanguage,
): OfflineProposal | null {
  const instructions = parseInstructions(description);
  if (!instructions.some((instruction) => instruction.kind !== 'action' || instruction.action !== null)) return null;
  const draft: FormDefinitionInput = structuredClone(base);
  const { pages } = draft;
  const fieldsNow = () => pages.flatMap((page) => page.fields);
  const done: string[] = [];
  const notUnderstood: string[] = [];
  for (const instruction of instructions) {
    if (instruction.kind === 'title') {
      draft.title = instruction.title;
      done.push(words.title(instruction.title));
      continue;
    }
    if (instruction.kind === 'rename') {
      const [field] = findNamedFields(fieldsNow(), instruction.from, language);
      if (!field || !instruction.to) notUnderstood.push(instruction.text);
      else {
        done.push(words.renamed(field.label, instruction.to));
        field.label = instruction.to;
      }
      continue;
    }
    if (instruction.action === 'add') {
      const added = fieldsToAdd(instruction.text, language);
      for (const field of added) {
        appendField(pages, field);
        done.push(words.added(field.label));
      }
      if (added.length === 0) notUnderstood.push(instruction.text);
      continue;
    }
    const named = findNamedFields(fieldsNow(), instruction.text, language).filter(
      (field) => field.type !== 'heading' && field.type !== 'paragraph',
    );
    if (!instruction.action || named.length === 0) {
      notUnderstood.push(instruction.text);
      continue;
    }
    for (const field of named) {
      if (instruction.action === 'remove') {
        for (const page of pages) page.fields = page.fields.filter((candidate) => candidate !== field);
        done.push(words.removed(field.label));
      } else {
        field.required = instruction.action === 'required';
        done.push(instruction.action === 'required' ? words.required(field.label) : words.optional(field.label));
      }
    }
  }
  if (done.length === 0) throw nothingRecognized();
  return {
    draft,
    explanation: [words.intro, ...done, ...notUnderstood.map(words.notUnderstood)].join(' '),
  };
}

/**
 * A proposal without a model. With a form that has fields, a description that asks for edits edits
 * it; a follow-up that only names fields adds them; anything else is a new draft from the template
 * and the fields it names (the author picks what to keep of the difference). Throws
 * ASSISTANT_NOTHING_RECOGNIZED when it finds nothing it knows.
 */
export function proposeOffline(input: OfflineInput): OfflineProposal {
  const { description, language, currentDefinition: base, history } = input;
  const words = texts[language];
  const hasFields = base?.pages.some((page) => page.fields.length > 0) ?? false;
  if (base && hasFields) {
    const edited = editDefinition(base, description, words, language);
    if (edited) return edited;
    if (history.length > 0 && !findTemplateSubject(description)) {
      const added = recognizeFields(description, language).map(({ field }) => field);
      if (added.length === 0) throw nothingRecognized();
      const draft: FormDefinitionInput = structuredClone(base);
      for (const field of added) appendField(draft.pages, field);
      return { draft, explanation: [words.intro, ...added.map((field) => words.added(field.label))].join(' ') };
    }
  }
  return draftFromDescription(input, words);
}
