import type { FieldType } from '@formwerk/contracts';
import { Icon, type IconComponent } from '@formwerk/ui';
import {
  AlignLeft,
  Calculator,
  Calendar,
  CircleDot,
  Clock,
  EyeOff,
  Gauge,
  Hash,
  Heading,
  Mail,
  Phone,
  Pilcrow,
  ShieldCheck,
  Signature,
  SquareCheck,
  SquareChevronDown,
  Star,
  ToggleLeft,
  Type,
  Upload,
} from 'lucide-react';

const iconOfType: Record<FieldType, IconComponent> = {
  shortText: Type,
  longText: AlignLeft,
  email: Mail,
  phone: Phone,
  number: Hash,
  date: Calendar,
  time: Clock,
  singleChoice: CircleDot,
  multipleChoice: SquareCheck,
  dropdown: SquareChevronDown,
  yesNo: ToggleLeft,
  rating: Star,
  opinionScale: Gauge,
  fileUpload: Upload,
  signature: Signature,
  consent: ShieldCheck,
  heading: Heading,
  paragraph: Pilcrow,
  hidden: EyeOff,
  calculated: Calculator,
};

export function FieldTypeIcon({ type }: { type: FieldType }) {
  return <Icon icon={iconOfType[type]} size={16} />;
}
