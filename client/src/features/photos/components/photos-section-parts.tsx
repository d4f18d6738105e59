import type { Ref } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';
import { ACCEPT_ATTRIBUTE } from '@/lib/uploads/upload-file.ts';
import type { ScanPass } from '../api/face-scan.ts';
import type { PhotoSlot } from '../hooks/photo-rules.ts';
import type { AddPhotoFlow } from '../hooks/use-add-photo-flow.ts';
import { CameraOverlay } from './camera-overlay.tsx';
import { FaceScanDialog } from './face-scan-dialog.tsx';
import { PhotoSourceDialog } from './photo-source-dialog.tsx';

/** The hidden gallery picker: offers what the server accepts, hands the choice on (undefined: none). */
export function GalleryInput({ inputRef, onPick }: { inputRef: Ref<HTMLInputElement>; onPick: (file: File | undefined) => void }) {
  return (
    <input
      ref={inputRef}
      type="file"
      accept={ACCEPT_ATTRIBUTE}
      hidden
      tabIndex={-1}
      aria-hidden="true"
      onChange={(event) => onPick(event.currentTarget.files?.[0])}
    />
  );
}

interface DeletePhotoConfirmProps {
  slot: PhotoSlot | null;
  deleting: PhotoSlot | null;
  onCancel: () => void;
  onConfirm: (slot: PhotoSlot) => void;
}

/** 'Delete photo N?', with what deleting photo 1 means for the face scan. */
export function DeletePhotoConfirm({ slot, deleting, onCancel, onConfirm }: DeletePhotoConfirmProps) {
  return (
    <ConfirmDialog
      open={slot !== null}
      onOpenChange={(open) => !open && deleting === null && onCancel()}
      title={`Delete photo ${slot ?? ''}?`}
      description={
        slot === 1
          ? 'Your first photo is your primary photo; the next one you add needs a new face scan.'
          : 'The photo is removed from your profile.'
      }
      confirmLabel="Delete"
      busy={deleting !== null}
      destructive
      onConfirm={() => {
        if (slot) onConfirm(slot);
      }}
    />
  );
}

interface AddPhotoDialogsProps {
  flow: AddPhotoFlow;
  returnFocus: (event: Event) => void;
  onScanPassed: (pass: ScanPass) => void;
}

/** The dialogs of adding a photo: where from, photo 1's face scan, and the camera. */
export function AddPhotoDialogs({ flow, returnFocus, onScanPassed }: AddPhotoDialogsProps) {
  return (
    <>
      <PhotoSourceDialog
        slot={flow.sourceFor}
        onClose={flow.closeSource}
        onCloseAutoFocus={returnFocus}
        onCamera={flow.chooseCamera}
        onGallery={flow.chooseGallery}
      />
      <FaceScanDialog
        open={flow.scanOpen}
        onClose={flow.closeScan}
        onCloseAutoFocus={returnFocus}
        onPassed={onScanPassed}
        onContinue={flow.continueAfterScan}
        onSkipVerification={flow.skipVerification}
      />
      <CameraOverlay
        slot={flow.cameraFor}
        onClose={flow.closeCamera}
        onCloseAutoFocus={returnFocus}
        onCapture={flow.captured}
        onFallbackToGallery={flow.fallbackToGallery}
      />
    </>
  );
}
