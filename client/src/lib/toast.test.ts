import { toast as sonner } from 'sonner';
import t from 'tap';
import { subscribeToaster, TOAST_MS, TOASTER_PROPS, toast, toasterReady, toasterWanted } from './toast.ts';

/** The last toast sonner was asked to show. */
const last = () => sonner.getHistory().at(-1) as { title?: unknown; type?: string; duration?: number; id?: unknown };

t.test('a toast asked for before the toaster is mounted waits for it, then shows in order', async (t) => {
  let notified = 0;
  const stop = subscribeToaster(() => notified++);
  t.equal(toasterWanted(), false, 'not mounted with the first screen');
  toast.error('Failed to like profile');
  toast.success('Saved');
  t.equal(sonner.getHistory().length, 0, 'nothing shown while no toaster listens');
  t.equal(toasterWanted(), true, 'the first toast asks for the toaster');
  t.equal(notified, 1, 'and tells the providers once');
  toasterReady(sonner);
  t.match(
    sonner.getHistory().map((shown) => (shown as { title?: unknown }).title),
    ['Failed to like profile', 'Saved'],
    'shown once the toaster listens, in the order asked',
  );
  stop();
});

t.test('each kind lasts as long as the spec says', async (t) => {
  t.same(TOAST_MS, { success: 3000, error: 5000, info: 4000 });
  toast.success('Saved');
  t.match(last(), { title: 'Saved', type: 'success', duration: 3000 }, 'success: 3 s');
  toast.success("It's a Match!", 5000);
  t.match(last(), { duration: 5000 }, 'a caller may ask for longer');
  toast.error('Failed to unlike profile');
  t.match(
    last(),
    { title: 'Failed to unlike profile', type: 'error', duration: 5000, id: 'Failed to unlike profile' },
    'error: 5 s, one per message',
  );
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

t.test('an error toast can be taken down by its message', async (t) => {
  const dismissed: unknown[] = [];
  // sonner's toast function with its dismiss recorded.
  const recording = Object.assign((...args: Parameters<typeof sonner>) => sonner(...args), sonner, {
    // Recorded only: sonner's own dismiss waits for an animation frame, which Node has not.
    dismiss: (id?: string | number) => {
      dismissed.push(id);
      return id ?? '';
    },
  });
  toasterReady(recording);
  toast.error('Invalid username or password');
  toast.dismissError('Invalid username or password');
  t.same(dismissed, ['Invalid username or password'], 'dismissed by its id, which is the message');
  toasterReady(sonner);
});
