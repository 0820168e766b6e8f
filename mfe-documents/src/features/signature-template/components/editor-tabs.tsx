import { Icon, type IconComponent } from '@formwerk/ui';
import { type KeyboardEvent, useRef } from 'react';

export type EditorTab = { id: string; label: string; icon: IconComponent };

type EditorTabsProps = {
  tabs: EditorTab[];
  current: string;
  label: string;
  idOf: (tab: string) => { tab: string; panel: string };
  onChange: (tab: string) => void;
};

/**
 * A tablist as WAI-ARIA's pattern has it: one Tab stop (the chosen tab); the arrows, Home and End move
 * between the tabs and show each at once.
 */
export function EditorTabs({ tabs, current, label, idOf, onChange }: EditorTabsProps) {
  const list = useRef<HTMLDivElement>(null);
  const onKeyDown = (event: KeyboardEvent) => {
    const index = tabs.findIndex((tab) => tab.id === current);
    const next = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    const tab = tabs[(next + tabs.length) % tabs.length];
    if (!tab) return;
    onChange(tab.id);
    list.current?.ownerDocument.getElementById(idOf(tab.id).tab)?.focus();
  };
  return (
    <div ref={list} role="tablist" aria-label={label} className="signature-tabs" onKeyDown={onKeyDown}>
      {tabs.map((tab) => {
        const isCurrent = tab.id === current;
        const ids = idOf(tab.id);
        return (
          <button
            key={tab.id}
            id={ids.tab}
            type="button"
            role="tab"
            aria-selected={isCurrent}
            aria-controls={ids.panel}
            tabIndex={isCurrent ? 0 : -1}
            className="signature-tabs__tab"
            onClick={() => onChange(tab.id)}
          >
            <Icon icon={tab.icon} />
            {tab.label}
          </button>
        );
      })}
    </div>
  );
}
