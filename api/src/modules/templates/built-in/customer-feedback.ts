import { choicesOf, defineTemplate } from './define-template';

const de = {
  title: 'Kundenfeedback',
  description: 'Wie war Ihre Erfahrung mit uns? Ihre Meinung hilft uns, besser zu werden. Es dauert nur zwei Minuten.',
  satisfaction: 'Wie zufrieden sind Sie insgesamt?',
  recommendation: 'Wie wahrscheinlich ist es, dass Sie uns Freunden oder Kollegen empfehlen?',
  unlikely: 'Sehr unwahrscheinlich',
  likely: 'Sehr wahrscheinlich',
  highlights: 'Was hat Ihnen gefallen?',
  highlightChoices: {
    quality: 'Qualität der Produkte',
    price: 'Preis-Leistungs-Verhältnis',
    service: 'Freundlicher Service',
    delivery: 'Schnelle Lieferung',
    website: 'Einfache Bestellung',
  },
  improvements: 'Was können wir besser machen?',
  praise: 'Was hat Sie besonders überzeugt?',
  mayContact: 'Dürfen wir Sie zu Ihrem Feedback kontaktieren?',
  email: 'E-Mail-Adresse',
  orderNumber: 'Bestellnummer',
};

const en: typeof de = {
  title: 'Customer feedback',
  description: 'How was your experience with us? Your opinion helps us improve. It only takes two minutes.',
  satisfaction: 'How satisfied are you overall?',
  recommendation: 'How likely are you to recommend us to a friend or colleague?',
  unlikely: 'Very unlikely',
  likely: 'Very likely',
  highlights: 'What did you like?',
  highlightChoices: {
    quality: 'Product quality',
    price: 'Value for money',
    service: 'Friendly service',
    delivery: 'Fast delivery',
    website: 'Easy ordering',
  },
  improvements: 'What could we do better?',
  praise: 'What impressed you most?',
  mayContact: 'May we contact you about your feedback?',
  email: 'Email address',
  orderNumber: 'Order number',
};

export const customerFeedbackTemplate = defineTemplate({
  id: 'customer-feedback',
  category: 'feedback',
  words: { de, en },
  pages: (words) => [
    {
      id: 'page-1',
      fields: [
        // Filled from the link in the order confirmation, e.g. ?order=12345.
        { id: 'order-number', type: 'hidden', label: words.orderNumber, queryParam: 'order' },
        { id: 'satisfaction', type: 'rating', label: words.satisfaction, max: 5, required: true },
        {
          id: 'recommendation',
          type: 'opinionScale',
          label: words.recommendation,
          min: 0,
          max: 10,
          minLabel: words.unlikely,
          maxLabel: words.likely,
          required: true,
        },
        {
          id: 'highlights',
          type: 'multipleChoice',
          label: words.highlights,
          choices: choicesOf(words.highlightChoices),
        },
        // Detractors are asked what to improve, promoters what convinced them (the usual NPS bands).
        {
          id: 'improvements',
          type: 'longText',
          label: words.improvements,
          maxLength: 2000,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'recommendation', operator: 'lessThan', value: 7 }] },
        },
        {
          id: 'praise',
          type: 'longText',
          label: words.praise,
          maxLength: 2000,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'recommendation', operator: 'greaterThan', value: 8 }] },
        },
        { id: 'may-contact', type: 'yesNo', label: words.mayContact },
        {
          id: 'email',
          type: 'email',
          label: words.email,
          required: true,
          visibleWhen: { combinator: 'and', rules: [{ fieldId: 'may-contact', operator: 'equals', value: true }] },
        },
      ],
    },
  ],
});
