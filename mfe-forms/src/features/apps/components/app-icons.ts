import type { AppIcon } from '@formwerk/contracts';
import type { IconComponent } from '@formwerk/ui';
import {
  Briefcase,
  Building2,
  Calendar,
  ClipboardList,
  GraduationCap,
  HeartPulse,
  Megaphone,
  ShoppingCart,
  Users,
  Wrench,
} from 'lucide-react';

/** The icon an app wears: the contract stores its lucide name (`appIcons`), this draws it. */
export const appIconComponents: Record<AppIcon, IconComponent> = {
  briefcase: Briefcase,
  users: Users,
  'shopping-cart': ShoppingCart,
  calendar: Calendar,
  'graduation-cap': GraduationCap,
  'heart-pulse': HeartPulse,
  wrench: Wrench,
  megaphone: Megaphone,
  'clipboard-list': ClipboardList,
  'building-2': Building2,
};
