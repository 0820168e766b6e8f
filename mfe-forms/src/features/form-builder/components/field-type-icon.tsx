import type { FieldType } from '@formwerk/contracts';
import { Icon, type IconName } from '@formwerk/ui';

const iconOfType: Record<FieldType, IconName> = {
  shortText: 'lucide:type',
  longText: 'lucide:align-left',
  email: 'lucide:mail',
  phone: 'lucide:phone',
  number: 'lucide:hash',
  date: 'lucide:calendar',
  time: 'lucide:clock',
  singleChoice: 'lucide:circle-dot',
  multipleChoice: 'lucide:square-check',
  dropdown: 'lucide:square-chevron-down',
  yesNo: 'lucide:toggle-left',
  rating: 'lucide:star',
  opinionScale: 'lucide:gauge',
  fileUpload: 'lucide:upload',
  signature: 'lucide:signature',
  consent: 'lucide:shield-check',
  heading: 'lucide:heading',
  paragraph: 'lucide:pilcrow',
  hidden: 'lucide:eye-off',
  calculated: 'lucide:calculator',
};

export function FieldTypeIcon({ type }: { type: FieldType }) {
  return <Icon name={iconOfType[type]} size={16} />;
}
