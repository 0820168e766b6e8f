import type { TemplateFieldKind } from '@formwerk/contracts';
import { Icon, type IconComponent } from '@formwerk/ui';
import { AtSign, CalendarDays, PenLine, Signature, SquareCheckBig, Type, UserRound } from 'lucide-react';

const icons: Record<TemplateFieldKind, IconComponent> = {
  signature: Signature,
  initials: PenLine,
  name: UserRound,
  email: AtSign,
  date: CalendarDays,
  text: Type,
  checkbox: SquareCheckBig,
};

/** The icon of a kind of field; decoration beside the kind's name. */
export function FieldKindIcon({ kind, size }: { kind: TemplateFieldKind; size?: number }) {
  return <Icon icon={icons[kind]} {...(size ? { size } : {})} />;
}
