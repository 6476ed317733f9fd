import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

export type TabItem = {
  id: string;
  label: string;
  content: ReactNode;
  /** Render the content only once the tab is first selected (e.g. a lazily loaded form). */
  lazy?: boolean;
  /** Called when the user shows an intent to open the tab (hover, focus): start loading its code. */
  prefetch?: () => void;
};

type TabsProps = {
  /** Accessible name of the tab list. */
  label: string;
  tabs: readonly TabItem[];
  defaultTabId?: string;
};

/** WAI-ARIA tabs: arrow keys, Home and End move between tabs; only the active tab is in the tab order. */
export function Tabs({ label, tabs, defaultTabId }: TabsProps) {
  const baseId = useId();
  const [activeId, setActiveIdState] = useState(defaultTabId ?? tabs[0]?.id);
  const [visited, setVisited] = useState<ReadonlySet<string | undefined>>(() => new Set([activeId]));
  const tabRefs = useRef(new Map<string, HTMLButtonElement>());

  const setActiveId = (id: string) => {
    setActiveIdState(id);
    setVisited((previous) => (previous.has(id) ? previous : new Set(previous).add(id)));
  };

  const select = (index: number) => {
    const tab = tabs[(index + tabs.length) % tabs.length];
    if (!tab) return;
    setActiveId(tab.id);
    tabRefs.current.get(tab.id)?.focus();
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const index = tabs.findIndex((tab) => tab.id === activeId);
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: tabs.length - 1,
    };
    const target = moves[event.key];
    if (target === undefined) return;
    event.preventDefault();
    select(target);
  };

  return (
    <div>
      {/* The arrow keys of the focused tab bubble here (roving tabindex): the tabs take the focus, not the list. */}
      {/* eslint-disable-next-line jsx-a11y/interactive-supports-focus */}
      <div role="tablist" aria-label={label} onKeyDown={onKeyDown} className="flex border-b border-surface-border">
        {tabs.map((tab) => {
          const selected = tab.id === activeId;
          return (
            <button
              key={tab.id}
              ref={(element) => {
                if (element) tabRefs.current.set(tab.id, element);
                else tabRefs.current.delete(tab.id);
              }}
              type="button"
              role="tab"
              id={`${baseId}-tab-${tab.id}`}
              aria-selected={selected}
              aria-controls={`${baseId}-panel-${tab.id}`}
              tabIndex={selected ? 0 : -1}
              onClick={() => setActiveId(tab.id)}
              onPointerEnter={tab.prefetch}
              onFocus={tab.prefetch}
              className={`flex-1 px-4 py-3 text-sm font-semibold transition-colors ${
                selected ? 'border-b-2 border-accent text-accent' : 'text-ink-muted hover:text-ink'
              }`}
            >
              {tab.label}
            </button>
          );
        })}
      </div>
      {tabs.map((tab) => (
        <div
          key={tab.id}
          role="tabpanel"
          id={`${baseId}-panel-${tab.id}`}
          aria-labelledby={`${baseId}-tab-${tab.id}`}
          hidden={tab.id !== activeId}
          tabIndex={0}
          className="pt-6"
        >
          {!tab.lazy || visited.has(tab.id) ? tab.content : null}
        </div>
      ))}
    </div>
  );
}
