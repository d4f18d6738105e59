import t from 'tap';
import { comboboxKey, suggestionStatus } from './combobox.ts';

const closed = { open: false, active: -1 };

t.test('arrows open the list and move the active option, wrapping at the ends', async (t) => {
  t.same(comboboxKey(closed, 'ArrowDown', 3), { kind: 'move', state: { open: true, active: 0 } });
  t.same(comboboxKey(closed, 'ArrowUp', 3), { kind: 'move', state: { open: true, active: 2 } });
  t.same(comboboxKey({ open: true, active: 0 }, 'ArrowDown', 3), { kind: 'move', state: { open: true, active: 1 } });
  t.same(comboboxKey({ open: true, active: 2 }, 'ArrowDown', 3), { kind: 'move', state: { open: true, active: 0 } }, 'wraps to the first');
  t.same(comboboxKey({ open: true, active: 0 }, 'ArrowUp', 3), { kind: 'move', state: { open: true, active: 2 } }, 'wraps to the last');
  t.same(comboboxKey({ open: true, active: -1 }, 'ArrowUp', 3), { kind: 'move', state: { open: true, active: 2 } });
  t.same(comboboxKey(closed, 'ArrowDown', 0), { kind: 'none' }, 'nothing to open');
});

t.test('Enter picks the active option only; Escape closes an open list', async (t) => {
  t.same(comboboxKey({ open: true, active: 1 }, 'Enter', 3), { kind: 'pick', index: 1 });
  t.same(comboboxKey({ open: true, active: -1 }, 'Enter', 3), { kind: 'none' }, 'no active option: the form gets the Enter');
  t.same(comboboxKey(closed, 'Enter', 3), { kind: 'none' });
  t.same(comboboxKey({ open: true, active: 5 }, 'Enter', 3), { kind: 'none' }, 'an option that went away is not picked');
  t.same(comboboxKey({ open: true, active: 1 }, 'Escape', 3), { kind: 'close' });
  t.same(comboboxKey(closed, 'Escape', 3), { kind: 'none' }, 'a closed list leaves Escape to the page (a dialog closes)');
  t.same(comboboxKey({ open: true, active: 1 }, 'a', 3), { kind: 'none' }, "typing is the field's");
});

t.test('what a screen reader hears', async (t) => {
  t.equal(suggestionStatus(0, true, false), 'Searching...');
  t.equal(suggestionStatus(1, false, false), '1 suggestion. Use the up and down arrows to choose.');
  t.equal(suggestionStatus(4, false, false), '4 suggestions. Use the up and down arrows to choose.');
  t.equal(suggestionStatus(0, false, false), 'No suggestions.');
  t.match(suggestionStatus(0, false, true), /not available/);
});
