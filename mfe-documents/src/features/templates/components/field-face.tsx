import type { TemplateField } from '@formwerk/contracts';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import type { RoleLook } from '../utils/role-look';
import { FieldKindIcon } from './field-kind-icon';

/** The role's look as custom properties, which templates.css draws the field's frame and marker from. */
export const roleStyle = (look: RoleLook) =>
  ({ '--templates-role-colour': look.colour, '--templates-role-pattern': look.pattern }) as CSSProperties;

/**
 * What a field shows on its page: its role's number, the icon of its kind, and its label or kind. The
 * same inside a placed field and in the preview that follows a drag.
 */
export function FieldFace({
  field,
  look,
}: {
  field: Pick<TemplateField, 'kind' | 'label' | 'required'>;
  look: RoleLook;
}) {
  const { t } = useTranslation('documents');
  return (
    <span className="templates-field__face" aria-hidden="true">
      <span className="templates-field__marker">{look.marker}</span>
      <FieldKindIcon kind={field.kind} size={14} />
      <span className="templates-field__text">
        {field.label ?? t(`templates.kinds.${field.kind}`)}
        {field.required ? ' *' : ''}
      </span>
    </span>
  );
}
