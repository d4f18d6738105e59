import { Dialog } from 'radix-ui';
import { XIcon } from '@/components/ui/icons.tsx';

interface PhotoViewerProps {
  /** The full-size URL; null closes the viewer. */
  url: string | null;
  /** Who shared it, for the title. */
  from: string;
  onClose: () => void;
}

/** A shared photo at full size, as a modal dialog (focus trapped, Escape or Close closes it). */
export function PhotoViewer({ url, from, onClose }: PhotoViewerProps) {
  return (
    <Dialog.Root open={url !== null} onOpenChange={(open) => (open ? undefined : onClose())}>
      <Dialog.Portal>
        <Dialog.Overlay className="photo-viewer-overlay" />
        <Dialog.Content className="photo-viewer" aria-describedby={undefined}>
          <div className="photo-viewer-head">
            <Dialog.Title className="photo-viewer-title">Photo from {from}</Dialog.Title>
            <Dialog.Close asChild>
              <button type="button" className="icon-btn photo-viewer-close" aria-label="Close photo">
                <XIcon />
              </button>
            </Dialog.Close>
          </div>
          {url ? <img className="photo-viewer-image" src={url} alt={`Photo from ${from}, full size`} /> : null}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
