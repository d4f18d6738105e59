import { useRef, useState } from 'react';
import { toast } from '@/lib/toast.ts';
import type { ScanPass } from '../api/face-scan.ts';
import { PHOTO_MESSAGES, type PhotoSlot } from './photo-rules.ts';

/** The hidden gallery input: opened for a slot, the chosen file handed on with that slot. */
export function useGalleryPicker(onFile: (slot: PhotoSlot, file: File) => void) {
  const inputRef = useRef<HTMLInputElement>(null);
  const pickingFor = useRef<PhotoSlot | null>(null);

  const open = (slot: PhotoSlot) => {
    pickingFor.current = slot;
    const input = inputRef.current;
    if (!input) return;
    input.value = '';
    input.click();
  };

  const onPick = (file: File | undefined) => {
    const slot = pickingFor.current;
    if (slot === null) return;
    if (!file) {
      toast.error(PHOTO_MESSAGES.noFile);
      return;
    }
    onFile(slot, file);
  };

  return { inputRef, open, onPick };
}

interface FlowOptions {
  /** A face scan already passed this visit: photo 1 goes straight to its source. */
  scanPass: ScanPass | null;
  setScanPass: (pass: ScanPass | null) => void;
  openGallery: (slot: PhotoSlot) => void;
  /** A camera capture to upload. */
  onCaptured: (slot: PhotoSlot, file: File) => void;
}

/**
 * Adding a photo to an empty slot: which dialog is open (the source choice, photo 1's face scan,
 * the camera) and every way from one to the next.
 */
export function useAddPhotoFlow({ scanPass, setScanPass, openGallery, onCaptured }: FlowOptions) {
  const [sourceFor, setSourceFor] = useState<PhotoSlot | null>(null);
  const [cameraFor, setCameraFor] = useState<PhotoSlot | null>(null);
  const [scanOpen, setScanOpen] = useState(false);

  return {
    sourceFor,
    cameraFor,
    scanOpen,
    start: (slot: PhotoSlot) => {
      if (slot === 1 && !scanPass) setScanOpen(true);
      else setSourceFor(slot);
    },
    closeSource: () => setSourceFor(null),
    chooseCamera: () => {
      setCameraFor(sourceFor);
      setSourceFor(null);
    },
    chooseGallery: () => {
      if (sourceFor) openGallery(sourceFor);
      setSourceFor(null);
    },
    closeScan: () => setScanOpen(false),
    continueAfterScan: (pass: ScanPass, source: 'camera' | 'gallery') => {
      setScanPass(pass);
      setScanOpen(false);
      if (source === 'camera') setCameraFor(1);
      else openGallery(1);
    },
    skipVerification: () => {
      // No camera (or none allowed): photo 1 from the gallery without a scan, reviewed as
      // usual and approved without the badge; the own profile offers 'Verify now' later.
      setScanOpen(false);
      openGallery(1);
    },
    closeCamera: () => setCameraFor(null),
    captured: (slot: PhotoSlot, file: File) => {
      setCameraFor(null);
      onCaptured(slot, file);
    },
    fallbackToGallery: (slot: PhotoSlot) => {
      setCameraFor(null);
      openGallery(slot);
    },
  };
}

export type AddPhotoFlow = ReturnType<typeof useAddPhotoFlow>;
