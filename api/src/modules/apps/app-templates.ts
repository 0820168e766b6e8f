import type { AppColor, AppIcon, FormLanguage } from '@formwerk/contracts';

type Words = { name: string; description: string };

/** Ready-made apps: a name and look in both languages, and the built-in form templates they bundle. */
export const appTemplates: {
  id: string;
  icon: AppIcon;
  color: AppColor;
  formTemplateIds: string[];
  words: Record<FormLanguage, Words>;
}[] = [
  {
    id: 'hr',
    icon: 'briefcase',
    color: 'blue',
    formTemplateIds: ['vacation-request', 'expense-claim'],
    words: {
      de: { name: 'Personal', description: 'Urlaubsanträge und Spesenabrechnungen Ihres Teams an einem Ort.' },
      en: { name: 'HR', description: 'Your team’s vacation requests and expense claims in one place.' },
    },
  },
  {
    id: 'events',
    icon: 'calendar',
    color: 'orange',
    formTemplateIds: ['event-registration', 'customer-feedback'],
    words: {
      de: { name: 'Veranstaltungen', description: 'Anmeldungen vorher, Rückmeldungen nachher.' },
      en: { name: 'Events', description: 'Registrations before, feedback after.' },
    },
  },
  {
    id: 'customer-service',
    icon: 'megaphone',
    color: 'green',
    formTemplateIds: ['contact', 'it-support-request', 'customer-feedback'],
    words: {
      de: { name: 'Kundenservice', description: 'Anfragen, Supportfälle und Zufriedenheit gebündelt.' },
      en: { name: 'Customer service', description: 'Enquiries, support cases and satisfaction together.' },
    },
  },
  {
    id: 'training',
    icon: 'graduation-cap',
    color: 'purple',
    formTemplateIds: ['event-registration', 'course-evaluation'],
    words: {
      de: { name: 'Schulungen', description: 'Anmeldung zum Kurs und seine Bewertung.' },
      en: { name: 'Training', description: 'Course registration and its evaluation.' },
    },
  },
];
