import { Suspense, useEffect, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactElement } from 'react';
import { lazyScreen } from '../../lib/lazy-screen';
import type { NavPopupProps } from './nav-menus';

const NavPopup = lazyScreen(() => import('./nav-menus'));

/** How long the pointer rests on a menu button before its menu opens (antd's own hover delay). */
const HOVER_OPEN_MS = 150;

class HoverTimer {
  private id: number | undefined;
  start(then: () => void) {
    this.clear();
    this.id = window.setTimeout(then, HOVER_OPEN_MS);
  }
  clear() {
    window.clearTimeout(this.id);
  }
}

type PopupOf<K> = K extends NavPopupProps ? Omit<K, 'open' | 'focusMenu' | 'onOpenChange' | 'children'> : never;

/**
 * A menu button of the header whose menu (antd Dropdown) loads on the first intent to open it:
 * the pointer resting on it, a click, Enter, Space or ↓. Until then the button is rendered alone,
 * so the first screen carries no menu code. Opened from the keyboard, the menu takes the focus
 * (arrows move in it, Esc gives the focus back to the button).
 */
export function LazyNavPopup({
  popup,
  trigger,
}: {
  popup: PopupOf<NavPopupProps>;
  trigger: (handlers: TriggerHandlers, open: boolean) => ReactElement;
}) {
  const [state, setState] = useState({ wanted: false, open: false, focusMenu: false });
  const [button, setButton] = useState<HTMLButtonElement | null>(null);
  // the hover's pending open, kept outside React's state: only the pointer's handlers read it
  const [timer] = useState(() => new HoverTimer());
  useEffect(() => () => timer.clear(), [timer]);
  const show = (focusMenu: boolean) => setState({ wanted: true, open: true, focusMenu });
  const hover = popup.kind === 'group';
  const handlers: TriggerHandlers = {
    ref: setButton,
    onPointerEnter: (event) => {
      if (!hover || event.pointerType !== 'mouse') return;
      timer.start(() => show(false));
    },
    onPointerLeave: () => timer.clear(),
    onClick: (event: MouseEvent) => {
      timer.clear();
      // a click from the keyboard (Enter, Space) has no pointer detail: it toggles and focuses the menu
      const keyboard = event.detail === 0;
      if (keyboard && state.open) setState((s) => ({ ...s, open: false }));
      else if (!(hover && !keyboard && state.open)) show(keyboard);
    },
    onKeyDown: (event: KeyboardEvent) => {
      if (event.key !== 'ArrowDown') return;
      event.preventDefault();
      show(true);
    },
  };
  const element = trigger(handlers, state.open);
  if (!state.wanted) return element;
  const control = {
    open: state.open,
    focusMenu: state.focusMenu,
    onOpenChange: (open: boolean) => {
      // closed from inside the menu (Esc, a choice): the focus goes back to the button, not to the page
      const active = document.activeElement;
      if (!open && button && active && active !== button && active.closest('.ant-dropdown')) button.focus();
      setState((s) => ({ ...s, open }));
    },
    children: element,
  };
  return (
    <Suspense fallback={element}>
      <NavPopup {...({ ...popup, ...control } as NavPopupProps)} />
    </Suspense>
  );
}

export interface TriggerHandlers {
  ref: (element: HTMLButtonElement | null) => void;
  onPointerEnter: (event: PointerEvent) => void;
  onPointerLeave: () => void;
  onClick: (event: MouseEvent) => void;
  onKeyDown: (event: KeyboardEvent) => void;
}
