import { useCallback, useRef, useState } from 'react';
import type { ScanPass } from '../api/face-scan.ts';

/**
 * The face scan that passed for photo 1 this visit, until a photo 1 is stored with it. Also in a
 * ref, read when the photo arrives, which may be before a re-render shows the new state.
 */
export function useScanPass() {
  const [scanPass, setScanPassState] = useState<ScanPass | null>(null);
  const scanRef = useRef<ScanPass | null>(null);
  const setScanPass = useCallback((pass: ScanPass | null) => {
    scanRef.current = pass;
    setScanPassState(pass);
  }, []);
  const keepScanPass = useCallback((pass: ScanPass) => setScanPass(pass), [setScanPass]);
  return { scanPass, scanRef, setScanPass, keepScanPass };
}
