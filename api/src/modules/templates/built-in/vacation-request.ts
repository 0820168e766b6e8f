import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Urlaubsantrag',
  description:
    'Beantragen Sie hier Ihren Urlaub. Bitte stimmen Sie den Zeitraum vorher mit Ihrem Team ab; Sie erhalten die Entscheidung per E-Mail.',
  name: 'Name',
  employeeNumber: 'Personalnummer',
  employeeNumberHelp: 'Vier bis acht Ziffern, zu finden auf Ihrer Gehaltsabrechnung.',
  email: 'E-Mail-Adresse',
  leaveType: 'Art des Urlaubs',
  leaveTypes: {
    annual: 'Erholungsurlaub',
    special: 'Sonderurlaub',
    unpaid: 'Unbezahlter Urlaub',
    overtime: 'Freizeitausgleich',
  },
  specialReason: 'Anlass des Sonderurlaubs',
  specialReasonHelp: 'Zum Beispiel Hochzeit, Umzug oder Geburt eines Kindes.',
  firstDay: 'Erster Urlaubstag',
  lastDay: 'Letzter Urlaubstag',
  workingDays: 'Anzahl der Arbeitstage',
  workingDaysHelp: 'Halbe Tage als 0,5.',
  substitute: 'Vertretung während der Abwesenheit',
  reachable: 'Sind Sie im Notfall erreichbar?',
  remarks: 'Bemerkungen',
  signature: 'Unterschrift',
};

const en: typeof de = {
  title: 'Vacation request',
  description:
    'Request your time off here. Please agree the dates with your team first; you will receive the decision by email.',
  name: 'Name',
  employeeNumber: 'Employee number',
  employeeNumberHelp: 'Four to eight digits, shown on your payslip.',
  email: 'Email address',
  leaveType: 'Type of leave',
  leaveTypes: {
    annual: 'Annual leave',
    special: 'Special leave',
    unpaid: 'Unpaid leave',
    overtime: 'Time off in lieu',
  },
  specialReason: 'Reason for special leave',
  specialReasonHelp: 'For example a wedding, a move or the birth of a child.',
  firstDay: 'First day of leave',
  lastDay: 'Last day of leave',
  workingDays: 'Number of working days',
  workingDaysHelp: 'Half days as 0.5.',
  substitute: 'Who covers for you while you are away',
  reachable: 'Can you be reached in an emergency?',
  remarks: 'Remarks',
  signature: 'Signature',
};

export const vacationRequestTemplate = defineTemplate({
  id: 'vacation-request',
  category: 'workplace',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        { id: 'name', type: 'shortText', label: words.name, required: true },
        {
          id: 'employee-number',
          type: 'shortText',
          label: words.employeeNumber,
          help: words.employeeNumberHelp,
          pattern: '[0-9]{4,8}',
          required: true,
        },
        { id: 'email', type: 'email', label: words.email, required: true },
        {
          id: 'leave-type',
          type: 'singleChoice',
          label: words.leaveType,
          choices: choicesOf(words.leaveTypes),
          required: true,
        },
        {
          id: 'special-reason',
          type: 'shortText',
          label: words.specialReason,
          help: words.specialReasonHelp,
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'leave-type', operator: 'equals', value: 'special' }] },
        },
        { id: 'first-day', type: 'date', label: words.firstDay, required: true },
        { id: 'last-day', type: 'date', label: words.lastDay, required: true },
        {
          id: 'working-days',
          type: 'number',
          label: words.workingDays,
          help: words.workingDaysHelp,
          min: 0.5,
          max: 60,
          decimals: 1,
          required: true,
        },
        { id: 'substitute', type: 'shortText', label: words.substitute },
        { id: 'reachable', type: 'yesNo', label: words.reachable },
        { id: 'remarks', type: 'longText', label: words.remarks, maxLength: 1000 },
        { id: 'signature', type: 'signature', label: words.signature, required: true },
      ],
    },
  ],
});
