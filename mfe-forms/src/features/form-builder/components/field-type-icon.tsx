import type { FieldType } from '@formwerk/contracts';
import { Icon } from '@formwerk/ui';

const iconOfType: Record<FieldType, string> = {
  shortText: 'type',
  longText: 'align-left',
  email: 'mail',
  phone: 'phone',
  number: 'hash',
  date: 'calendar',
  time: 'clock',
  singleChoice: 'circle-dot',
  multipleChoice: 'square-check',
  dropdown: 'square-chevron-down',
  yesNo: 'toggle-left',
  rating: 'star',
  opinionScale: 'gauge',
  fileUpload: 'upload',
  signature: 'signature',
  consent: 'shield-check',
  heading: 'heading',
  paragraph: 'pilcrow',
  hidden: 'eye-off',
  calculated: 'calculator',
};

export function FieldTypeIcon({ type }: { type: FieldType }) {
  return <Icon name={`lucide:${iconOfType[type]}`} size={16} />;
}
