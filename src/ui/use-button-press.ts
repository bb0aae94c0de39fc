// React wrappers of the button timing rules (src/domain/button-press.ts).
import { useCallback, useEffect, useRef, useState } from 'react';
import { createOutlinedToggle, createSolidGuard } from '../domain/button-press';

/** A solid button's click handler that ignores repeats within 300 ms. */
export function useSolidPress(onFire: () => void): () => void {
  const guard = useRef(createSolidGuard());
  const fire = useRef(onFire);
  fire.current = onFire;
  return useCallback(() => void guard.current.press(() => fire.current()), []);
}

/** An outlined option: { selected, press }; a press selects it and fires 200 ms later. */
export function useOutlinedPress(): { selectedKey: string | null; press: (key: string, onFire: () => void) => void } {
  const [selectedKey, setSelectedKey] = useState<string | null>(null);
  const toggles = useRef(new Map<string, ReturnType<typeof createOutlinedToggle>>());
  useEffect(() => {
    const map = toggles.current;
    return () => map.forEach((t) => t.dispose());
  }, []);
  const press = useCallback((key: string, onFire: () => void) => {
    let toggle = toggles.current.get(key);
    if (!toggle) {
      toggle = createOutlinedToggle((selected) => setSelectedKey((k) => (selected ? key : k === key ? null : k)));
      toggles.current.set(key, toggle);
    }
    // one option at a time: selecting another deselects (and cancels) the one pending
    toggles.current.forEach((t, k) => {
      if (k !== key && t.selected) t.press(() => {});
    });
    toggle.press(onFire);
  }, []);
  return { selectedKey, press };
}
