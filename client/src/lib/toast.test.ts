import { toast as sonner } from 'sonner';
import t from 'tap';
import { TOAST_MS, TOASTER_PROPS, toast } from './toast.ts';

/** The last toast sonner was asked to show. */
const last = () => sonner.getHistory().at(-1) as { title?: unknown; type?: string; duration?: number; id?: unknown };

t.test('each kind lasts as long as the spec says', async (t) => {
  t.same(TOAST_MS, { success: 3000, error: 5000, info: 4000 });
  toast.success('Saved');
  t.match(last(), { title: 'Saved', type: 'success', duration: 3000 }, 'success: 3 s');
  toast.success("It's a Match!", 5000);
  t.match(last(), { duration: 5000 }, 'a caller may ask for longer');
  toast.error('Failed to unlike profile');
  t.match(last(), { title: 'Failed to unlike profile', type: 'error', duration: 5000, id: 'Failed to unlike profile' }, 'error: 5 s, one per message');
  toast.info('Profile passed');
  t.match(last(), { title: 'Profile passed', duration: 4000 }, 'others: 4 s');
  t.equal(TOASTER_PROPS.duration, 4000, 'the toaster default matches "others"');
});

t.test('toasts sit below the header, on phones too', async (t) => {
  t.equal(TOASTER_PROPS.position, 'top-center');
  for (const offset of [TOASTER_PROPS.offset.top, TOASTER_PROPS.mobileOffset.top]) {
    t.match(offset, /var\(--header-h/, 'clears the header height');
    t.match(offset, /safe-area-inset-top/, 'and the notch');
  }
});
