import { appointmentBookingTemplate } from './appointment-booking';
import { contactTemplate } from './contact';
import { courseEvaluationTemplate } from './course-evaluation';
import { customerFeedbackTemplate } from './customer-feedback';
import type { BuiltInTemplate } from './define-template';
import { eventRegistrationTemplate } from './event-registration';
import { expenseClaimTemplate } from './expense-claim';
import { itSupportRequestTemplate } from './it-support-request';
import { jobApplicationTemplate } from './job-application';
import { newsletterSignupTemplate } from './newsletter-signup';
import { productOrderTemplate } from './product-order';
import { vacationRequestTemplate } from './vacation-request';
import { volunteerSignupTemplate } from './volunteer-signup';

/** The gallery in the order it shows them: the most asked-for first. */
export const builtInTemplates: readonly BuiltInTemplate[] = [
  contactTemplate,
  eventRegistrationTemplate,
  jobApplicationTemplate,
  customerFeedbackTemplate,
  productOrderTemplate,
  appointmentBookingTemplate,
  newsletterSignupTemplate,
  vacationRequestTemplate,
  expenseClaimTemplate,
  courseEvaluationTemplate,
  itSupportRequestTemplate,
  volunteerSignupTemplate,
];
