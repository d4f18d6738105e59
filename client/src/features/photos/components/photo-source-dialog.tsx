import { Dialog } from 'radix-ui';
import { CameraIcon } from '@/components/ui/icons.tsx';
import type { PhotoSlot } from '../hooks/photo-rules.ts';

interface PhotoSourceChoiceProps {
  onCamera: () => void;
  onGallery: () => void;
}

/** The two ways to add a photo. */
export function PhotoSourceChoice({ onCamera, onGallery }: PhotoSourceChoiceProps) {
  return (
    <div className="pp-source-choice">
      <button type="button" className="btn btn-primary btn-block" onClick={onCamera}>
        <CameraIcon aria-hidden="true" />
        Take Photo
      </button>
      <button type="button" className="btn btn-secondary btn-block" onClick={onGallery}>
        Choose from Gallery
      </button>
    </div>
  );
}

interface PhotoSourceDialogProps extends PhotoSourceChoiceProps {
  slot: PhotoSlot | null;
  onClose: () => void;
  /** Where focus goes when the dialog closes (it has no trigger of its own to return to). */
  onCloseAutoFocus: (event: Event) => void;
}

/** 'Add Photo N': camera or gallery. */
export function PhotoSourceDialog({ slot, onClose, onCloseAutoFocus, onCamera, onGallery }: PhotoSourceDialogProps) {
  return (
    <Dialog.Root open={slot !== null} onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="dialog-overlay" />
        <Dialog.Content className="dialog-content dialog-small" onCloseAutoFocus={onCloseAutoFocus}>
          <Dialog.Title className="dialog-title">{slot === 1 ? 'Add Photo 1 (primary)' : `Add Photo ${slot ?? ''}`}</Dialog.Title>
          <Dialog.Description className="dialog-description">Take a new photo or choose one from your gallery.</Dialog.Description>
          <PhotoSourceChoice onCamera={onCamera} onGallery={onGallery} />
          <div className="dialog-actions pp-dialog-actions">
            <Dialog.Close className="btn btn-ghost">Cancel</Dialog.Close>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
