/**
 * The one toaster, in a chunk of its own (see lib/toast.ts): mounted after the page has loaded or
 * when the first toast is asked for, whichever comes first.
 */
import { useEffect } from 'react';
import { toast, Toaster } from 'sonner';
import { TOASTER_PROPS, toasterReady } from './toast.ts';

export default function ToasterHost() {
  // A child's effects run before its parent's: the Toaster is listening by now, so the toasts
  // that waited for it are not lost.
  useEffect(() => toasterReady(toast), []);
  return <Toaster {...TOASTER_PROPS} />;
}
