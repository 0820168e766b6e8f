import type { ErrorTextSettings } from '@formwerk/contracts';
import type { AnswerIssue } from '@formwerk/contracts/form-answers';

/**
 * The renderer's own words in both languages. The public fill page runs without i18next (it must stay
 * small), so the texts travel with the renderer; the form's content is the author's.
 */
const messages = {
  de: {
    required: 'Pflichtfeld',
    optional: 'optional',
    next: 'Weiter',
    back: 'Zurück',
    submit: 'Absenden',
    submitting: 'Wird gesendet …',
    progress: 'Seite {current} von {total}',
    yes: 'Ja',
    no: 'Nein',
    choose: 'Bitte wählen …',
    ratingOf: '{value} von {max}',
    files: {
      choose: 'Dateien auswählen',
      chooseOne: 'Datei auswählen',
      limits: 'Bis zu {count} Datei(en), je höchstens {size} MB.',
      remove: '{name} entfernen',
      uploading: '{name} wird hochgeladen: {percent} %',
      uploaded: '{name} ({size})',
      tooLarge: '{name} ist größer als {size} MB.',
      typeNotAllowed: '{name}: Dieser Dateityp ist hier nicht erlaubt.',
      noRoom:
        '{name} kann gerade nicht angenommen werden: Dieses Formular nimmt im Moment keine Dateien mehr an. Bitte wenden Sie sich an seinen Anbieter.',
      tooMany: 'Höchstens {count} Datei(en).',
      failed: '{name} konnte nicht hochgeladen werden. Bitte versuchen Sie es erneut.',
      preview: 'In der Vorschau werden keine Dateien hochgeladen.',
    },
    signature: {
      pad: 'Unterschriftenfeld: mit Maus, Finger oder Stift unterschreiben',
      clear: 'Löschen',
      typeInstead: 'Stattdessen Namen eintippen',
      typedLabel: 'Ihr Name als Unterschrift',
      saving: 'Unterschrift wird gespeichert …',
      saved: 'Unterschrift gespeichert.',
      failed: 'Die Unterschrift konnte nicht gespeichert werden. Bitte erneut unterschreiben.',
    },
    calculated: 'wird berechnet',
    honeypot: 'Dieses Feld bitte leer lassen',
    fixErrors: 'Bitte prüfen Sie die markierten Angaben.',
    problems: {
      network: 'Die Antworten konnten nicht gesendet werden. Bitte prüfen Sie Ihre Verbindung und senden Sie erneut.',
      tooFast: 'Das ging sehr schnell. Bitte warten Sie einen Moment und senden Sie dann erneut.',
      rateLimited:
        'Von Ihrem Anschluss kamen gerade sehr viele Antworten. Bitte versuchen Sie es in ein paar Minuten erneut.',
      unavailable: 'Dieses Formular nimmt keine Antworten mehr an.',
      closed: 'Dieses Formular nimmt gerade keine Antworten an.',
      // The team's plan took all its answers this month (PLAN_LIMIT_REACHED): the owner's billing is not the respondent's.
      paused: 'Dieses Formular nimmt im Moment keine Antworten an. Bitte versuchen Sie es später noch einmal.',
    },
    questionProgress: 'Frage {current} von {total}',
    availability: {
      notYetOpenTitle: 'Dieses Formular ist noch nicht geöffnet',
      notYetOpenText: 'Es nimmt ab {date} Antworten an.',
      closedTitle: 'Dieses Formular ist geschlossen',
      closedText: 'Es nimmt keine Antworten mehr an.',
      fullTitle: 'Dieses Formular ist voll',
      fullText: 'Es hat alle Antworten erhalten, die es annimmt.',
    },
    receipt: {
      reference: 'Ihre Referenznummer: {reference}',
      score: 'Ihr Ergebnis: {points} von {maxPoints} Punkten',
      correct: 'Richtig',
      wrong: 'Falsch, richtig wäre: {answer}',
      signTitle: 'Noch ein Schritt: Ihre Unterschrift',
      signText:
        'Bitte unterschreiben Sie jetzt das Dokument zu Ihrer Einsendung. Zur Bestätigung senden wir einen Code an Ihre E-Mail-Adresse; den Link zum Unterschreiben haben Sie auch per E-Mail erhalten.',
      signAction: 'Jetzt unterschreiben',
      personalDataText:
        'Über Ihren persönlichen Link können Sie Ihre Angaben jederzeit ansehen, als Datei herunterladen oder löschen. Wer den Link hat, kann das auch: Geben Sie ihn nicht weiter.',
      personalDataAction: 'Ihre Daten ansehen, herunterladen oder löschen',
    },
    redirecting: 'Sie werden weitergeleitet …',
    waitForFiles: 'Einen Moment bitte: Dateien oder Unterschrift werden noch gespeichert. Danach geht es weiter.',
    waitingToSend:
      'Gerade kommen sehr viele Antworten an. Ihre Antworten bleiben erhalten und werden in etwa {seconds} Sekunden von selbst gesendet – lassen Sie diese Seite einfach offen.',
    logo: 'Logo',
    intlLocale: 'de-DE',
    thanksTitle: 'Vielen Dank!',
    previewDone: 'Alle Angaben sind gültig. In der Vorschau wird nichts gesendet.',
    restored: {
      text: 'Willkommen zurück! Ihre Antworten von vorhin auf diesem Gerät sind wieder eingetragen.',
      files: 'Dateien und Unterschriften fügen Sie bitte noch einmal hinzu.',
      startOver: 'Neu beginnen',
    },
    thanksText: 'Ihre Antworten wurden gesendet.',
    unavailableTitle: 'Dieses Formular ist nicht verfügbar',
    unavailableText:
      'Der Link ist falsch, oder das Formular wurde beendet oder gelöscht. Bitte fragen Sie bei der Person nach, die Ihnen den Link geschickt hat.',
    otherLanguage: 'English',
    poweredBy: 'Erstellt mit Formwerk',
    issues: {
      required: 'Bitte füllen Sie dieses Feld aus.',
      tooShort: 'Bitte mindestens {min} Zeichen.',
      tooLong: 'Bitte höchstens {max} Zeichen.',
      patternMismatch: 'Das Format stimmt nicht.',
      invalidEmail: 'Bitte eine gültige E-Mail-Adresse angeben.',
      invalidPhone: 'Bitte eine gültige Telefonnummer angeben.',
      invalidNumber: 'Bitte eine Zahl angeben.',
      tooSmall: 'Mindestens {min}.',
      tooLarge: 'Höchstens {max}.',
      tooManyDecimals: 'Höchstens {decimals} Nachkommastellen.',
      invalidDate: 'Bitte ein gültiges Datum angeben.',
      invalidTime: 'Bitte eine gültige Uhrzeit angeben.',
      invalidChoice: 'Bitte eine der Möglichkeiten wählen.',
      tooFewChoices: 'Bitte mindestens {min} auswählen.',
      tooManyChoices: 'Bitte höchstens {max} auswählen.',
      consentRequired: 'Bitte stimmen Sie zu, um fortzufahren.',
      invalidFile: 'Diese Datei kann nicht angenommen werden.',
      tooManyFiles: 'Höchstens {max} Dateien.',
      invalidValue: 'Diese Angabe ist ungültig.',
    },
  },
  en: {
    required: 'Required',
    optional: 'optional',
    next: 'Next',
    back: 'Back',
    submit: 'Submit',
    submitting: 'Sending …',
    progress: 'Page {current} of {total}',
    yes: 'Yes',
    no: 'No',
    choose: 'Please choose …',
    ratingOf: '{value} of {max}',
    files: {
      choose: 'Choose files',
      chooseOne: 'Choose a file',
      limits: 'Up to {count} file(s), each at most {size} MB.',
      remove: 'Remove {name}',
      uploading: 'Uploading {name}: {percent} %',
      uploaded: '{name} ({size})',
      tooLarge: '{name} is larger than {size} MB.',
      typeNotAllowed: '{name}: this type of file is not allowed here.',
      noRoom: '{name} cannot be taken: this form accepts no more files at the moment. Please contact whoever runs it.',
      tooMany: 'At most {count} file(s).',
      failed: '{name} could not be uploaded. Please try again.',
      preview: 'Files are not uploaded in the preview.',
    },
    signature: {
      pad: 'Signature pad: sign with mouse, finger or pen',
      clear: 'Clear',
      typeInstead: 'Type your name instead',
      typedLabel: 'Your name as signature',
      saving: 'Saving the signature …',
      saved: 'Signature saved.',
      failed: 'The signature could not be saved. Please sign again.',
    },
    calculated: 'calculated',
    honeypot: 'Please leave this field empty',
    fixErrors: 'Please check the marked answers.',
    problems: {
      network: 'Your answers could not be sent. Please check your connection and send them again.',
      tooFast: 'That was very quick. Please wait a moment, then send again.',
      rateLimited: 'Very many answers came from your connection just now. Please try again in a few minutes.',
      unavailable: 'This form no longer accepts answers.',
      closed: 'This form does not take answers right now.',
      paused: 'This form is not taking answers at the moment. Please try again later.',
    },
    questionProgress: 'Question {current} of {total}',
    availability: {
      notYetOpenTitle: 'This form is not open yet',
      notYetOpenText: 'It takes answers from {date}.',
      closedTitle: 'This form is closed',
      closedText: 'It no longer takes answers.',
      fullTitle: 'This form is full',
      fullText: 'It has received all the answers it takes.',
    },
    receipt: {
      reference: 'Your reference number: {reference}',
      score: 'Your score: {points} of {maxPoints} points',
      correct: 'Correct',
      wrong: 'Wrong, the right answer: {answer}',
      signTitle: 'One more step: your signature',
      signText:
        'Please sign the document for your submission now. To confirm it is you, we send a code to your email address; you have also been emailed the link to sign.',
      signAction: 'Sign now',
      personalDataText:
        'With your personal link you can view your data, download it as a file or erase it at any time. Anyone with the link can do so too: do not pass it on.',
      personalDataAction: 'View, download or erase your data',
    },
    redirecting: 'Redirecting …',
    waitForFiles: 'One moment, please: files or a signature are still being saved. Then you can go on.',
    waitingToSend:
      'Very many answers are arriving right now. Yours are kept and will be sent by themselves in about {seconds} seconds – just leave this page open.',
    logo: 'Logo',
    intlLocale: 'en-GB',
    thanksTitle: 'Thank you!',
    previewDone: 'All answers are valid. Nothing is sent in the preview.',
    restored: {
      text: 'Welcome back! Your earlier answers on this device are filled in again.',
      files: 'Please add files and signatures once more.',
      startOver: 'Start over',
    },
    thanksText: 'Your answers have been sent.',
    unavailableTitle: 'This form is not available',
    unavailableText:
      'The link is wrong, or the form has ended or been deleted. Please ask the person who sent you the link.',
    otherLanguage: 'Deutsch',
    poweredBy: 'Made with Formwerk',
    issues: {
      required: 'Please fill in this field.',
      tooShort: 'Please use at least {min} characters.',
      tooLong: 'Please use at most {max} characters.',
      patternMismatch: 'The format does not match.',
      invalidEmail: 'Please enter a valid email address.',
      invalidPhone: 'Please enter a valid phone number.',
      invalidNumber: 'Please enter a number.',
      tooSmall: 'At least {min}.',
      tooLarge: 'At most {max}.',
      tooManyDecimals: 'At most {decimals} decimal places.',
      invalidDate: 'Please enter a valid date.',
      invalidTime: 'Please enter a valid time.',
      invalidChoice: 'Please pick one of the options.',
      tooFewChoices: 'Please pick at least {min}.',
      tooManyChoices: 'Please pick at most {max}.',
      consentRequired: 'Please agree to continue.',
      invalidFile: 'This file cannot be accepted.',
      tooManyFiles: 'At most {max} files.',
      invalidValue: 'This answer is not valid.',
    },
  },
} as const;

export type RendererLocale = keyof typeof messages;
export type RendererTexts = (typeof messages)[RendererLocale];

export function textsOf(locale: RendererLocale): RendererTexts {
  return messages[locale];
}

/** Replaces `{name}` placeholders. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => String(values[name] ?? whole));
}

/**
 * The message of an answer's issue: the form owner's text for this field and rule, else theirs for the
 * rule (error tab), else ours; in the page's language.
 */
export function issueMessage(issue: AnswerIssue, locale: RendererLocale, custom?: ErrorTextSettings): string {
  const own = custom?.fields[issue.fieldId]?.[issue.code]?.[locale] || custom?.rules[issue.code]?.[locale];
  return fill(own || messages[locale].issues[issue.code], issue.params ?? {});
}
