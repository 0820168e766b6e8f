import type { TemplateRole, TemplateRoleKind } from '@formwerk/contracts';
import { Button, ConfirmDialog, Icon } from '@formwerk/ui';
import { Plus, Trash2 } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFillingRole } from '../stores/templates-store';
import { roleLookOf } from '../utils/role-look';
import { roleNameMaxLength, rolesMax } from '../utils/template-geometry';
import { roleStyle } from './field-face';

const roleKinds: TemplateRoleKind[] = ['signer', 'approver', 'viewer', 'cc'];

type RolesPanelProps = {
  roles: TemplateRole[];
  fieldCountByRole: Map<string, number>;
  unnamedRoleIds: Set<string>;
  onAdd: () => void;
  onChange: (roleId: string, change: Partial<Omit<TemplateRole, 'id'>>) => void;
  onRemove: (roleId: string) => void;
};

type RoleItemProps = {
  role: TemplateRole;
  index: number;
  fieldCount: number;
  isOnly: boolean;
  isUnnamed: boolean;
  onChange: (change: Partial<Omit<TemplateRole, 'id'>>) => void;
  onRemove: () => void;
};

function RoleItem({ role, index, fieldCount, isOnly, isUnnamed, onChange, onRemove }: RoleItemProps) {
  const { t } = useTranslation('documents');
  const id = useId();
  const look = roleLookOf(index);
  const quoted = t('templates.quoted', { text: role.name || t('templates.roles.unnamed', { marker: look.marker }) });
  return (
    <li className="templates-role" style={roleStyle(look)}>
      <div className="templates-role__header">
        <span className="templates-role__swatch" aria-hidden="true">
          {look.marker}
        </span>
        <span className="templates-role__count">{t('templates.roles.fieldCount', { count: fieldCount })}</span>
      </div>
      <div className="ui-field">
        <label htmlFor={`${id}-name`}>{t('templates.roles.name', { marker: look.marker })}</label>
        <input
          id={`${id}-name`}
          value={role.name}
          maxLength={roleNameMaxLength}
          autoComplete="off"
          aria-invalid={isUnnamed ? true : undefined}
          aria-describedby={isUnnamed ? `${id}-problem` : undefined}
          onChange={(event) => onChange({ name: event.target.value })}
        />
        {isUnnamed ? (
          <span id={`${id}-problem`} className="ui-field__error">
            {t('templates.problems.roleName')}
          </span>
        ) : null}
      </div>
      <div className="templates-role__row">
        <div className="ui-field">
          <label htmlFor={`${id}-kind`}>{t('templates.roles.kind')}</label>
          <select
            id={`${id}-kind`}
            value={role.kind}
            aria-describedby={fieldCount > 0 ? `${id}-kind-hint` : undefined}
            onChange={(event) => onChange({ kind: event.target.value as TemplateRoleKind })}
          >
            {roleKinds.map((kind) => (
              <option key={kind} value={kind} disabled={fieldCount > 0 && !isFillingRole(kind)}>
                {t(`templates.roleKinds.${kind}`)}
              </option>
            ))}
          </select>
        </div>
        <div className="ui-field templates-role__order">
          <label htmlFor={`${id}-order`}>{t('templates.roles.order')}</label>
          <input
            id={`${id}-order`}
            type="number"
            inputMode="numeric"
            min={1}
            max={rolesMax}
            value={role.order}
            onChange={(event) => {
              const order = Number(event.target.value);
              if (Number.isInteger(order) && order >= 1 && order <= rolesMax) onChange({ order });
            }}
          />
        </div>
      </div>
      {fieldCount > 0 ? (
        <p id={`${id}-kind-hint`} className="ui-hint templates-role__hint">
          {t('templates.roles.kindHint')}
        </p>
      ) : null}
      <Button
        variant="ghost"
        className="ui-button--small ui-button--danger"
        disabled={isOnly}
        title={isOnly ? t('templates.roles.lastRole') : undefined}
        onClick={onRemove}
      >
        <Icon icon={Trash2} />
        {t('templates.roles.remove')} <span className="ui-visually-hidden">{quoted}</span>
      </Button>
    </li>
  );
}

/**
 * Who fills the template later: each role with its name, kind and stage (roles of one stage act at the
 * same time, stage 1 first), how many fields it has, and its look on the page. Removing a role with
 * fields asks first, saying how many go with it; the last role stays.
 */
export function RolesPanel({ roles, fieldCountByRole, unnamedRoleIds, onAdd, onChange, onRemove }: RolesPanelProps) {
  const { t } = useTranslation('documents');
  const [removing, setRemoving] = useState<TemplateRole | null>(null);
  const removingCount = removing ? (fieldCountByRole.get(removing.id) ?? 0) : 0;
  return (
    <section className="templates-roles" aria-labelledby="templates-roles-title">
      <h3 id="templates-roles-title">{t('templates.roles.title')}</h3>
      <p className="ui-hint">{t('templates.roles.hint')}</p>
      <ul className="templates-roles__list">
        {roles.map((role, index) => (
          <RoleItem
            key={role.id}
            role={role}
            index={index}
            fieldCount={fieldCountByRole.get(role.id) ?? 0}
            isOnly={roles.length === 1}
            isUnnamed={unnamedRoleIds.has(role.id)}
            onChange={(change) => onChange(role.id, change)}
            onRemove={() => {
              if ((fieldCountByRole.get(role.id) ?? 0) > 0) setRemoving(role);
              else onRemove(role.id);
            }}
          />
        ))}
      </ul>
      <Button variant="secondary" disabled={roles.length >= rolesMax} onClick={onAdd}>
        <Icon icon={Plus} />
        {t('templates.roles.add')}
      </Button>
      {roles.length >= rolesMax ? <p className="ui-hint">{t('templates.roles.max', { max: rolesMax })}</p> : null}
      <ConfirmDialog
        isOpen={removing !== null}
        title={t('templates.roles.removeDialog.title', { name: removing?.name })}
        confirmLabel={t('templates.roles.removeDialog.confirm')}
        cancelLabel={t('templates.cancel')}
        onConfirm={() => {
          if (removing) onRemove(removing.id);
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      >
        <p>{t('templates.roles.removeDialog.text', { count: removingCount })}</p>
      </ConfirmDialog>
    </section>
  );
}
