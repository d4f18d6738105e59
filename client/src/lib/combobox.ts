/**
 * The keyboard rules of a suggestion list (the ARIA 1.2 combobox pattern with a listbox popup),
 * kept pure so they are unit-tested: arrows move the active option and wrap, Enter picks it,
 * Escape closes the list.
 */

export interface ComboboxState {
  open: boolean;
  /** Index of the active option, -1 for none (focus stays in the text field either way). */
  active: number;
}

export type ComboboxAction =
  { kind: 'none' } | { kind: 'move'; state: ComboboxState } | { kind: 'pick'; index: number } | { kind: 'close' };

/** What a key does, given the state and how many options the list holds. */
export function comboboxKey(state: ComboboxState, key: string, count: number): ComboboxAction {
  switch (key) {
    case 'ArrowDown':
      if (count === 0) return { kind: 'none' };
      if (!state.open) return { kind: 'move', state: { open: true, active: 0 } };
      return { kind: 'move', state: { open: true, active: state.active + 1 >= count ? 0 : state.active + 1 } };
    case 'ArrowUp':
      if (count === 0) return { kind: 'none' };
      if (!state.open) return { kind: 'move', state: { open: true, active: count - 1 } };
      return { kind: 'move', state: { open: true, active: state.active <= 0 ? count - 1 : state.active - 1 } };
    case 'Enter':
      return state.open && state.active >= 0 && state.active < count ? { kind: 'pick', index: state.active } : { kind: 'none' };
    case 'Escape':
      return state.open ? { kind: 'close' } : { kind: 'none' };
    default:
      return { kind: 'none' };
  }
}

/** The words a screen reader hears as the list changes (a polite live region). */
export function suggestionStatus(count: number, loading: boolean, failed: boolean): string {
  if (loading) return 'Searching...';
  if (failed) return 'Suggestions are not available right now; you can still type the name.';
  if (count === 0) return 'No suggestions.';
  return `${count} suggestion${count === 1 ? '' : 's'}. Use the up and down arrows to choose.`;
}
