import { type ReactNode, useCallback, useRef, useState } from 'react';
import { refreshAfter } from '@/lib/cache.ts';
import { TOAST_MS, toast } from '@/lib/toast.ts';
import type { ReportAnswer } from '../api/file-report.ts';
import { ReportDialog } from '../components/lazy-report-dialog.tsx';
import type { ReportTarget } from './report-form.ts';

interface OpenReport {
  target: ReportTarget;
  returnFocus: HTMLElement | null;
}

/**
 * Where focus goes back after the dialog: the element that opened it, or, when that was an item
 * of a menu (which is gone by then), the button that opened the menu.
 */
function focusOrigin(): HTMLElement | null {
  const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
  const menu = active?.closest('[role="menu"]');
  if (menu?.id) return document.querySelector<HTMLElement>(`[aria-controls="${CSS.escape(menu.id)}"]`);
  return active;
}

/**
 * For a screen that offers Report: `report(target)` opens the dialog and resolves true once the
 * report is filed (false on Cancel), so the screen can leave the way it does after a block; `dialog`
 * is rendered once by the screen. On success the server's sentence is the toast, and the lists a
 * block changes are read again (a report hides the pair from each other as a block does).
 */
export function useReportDialog(): { report: (target: ReportTarget) => Promise<boolean>; dialog: ReactNode } {
  const [open, setOpen] = useState<OpenReport | null>(null);
  const settle = useRef<((filed: boolean) => void) | null>(null);

  const finish = useCallback((filed: boolean) => {
    const resolve = settle.current;
    settle.current = null;
    setOpen(null);
    resolve?.(filed);
  }, []);

  const report = useCallback(
    (target: ReportTarget) =>
      new Promise<boolean>((resolve) => {
        settle.current?.(false);
        settle.current = resolve;
        setOpen({ target, returnFocus: focusOrigin() });
      }),
    [],
  );

  const onFiled = useCallback(
    (answer: ReportAnswer) => {
      // A long sentence: it stays as long as an error does, so it can be read to the end.
      toast.success(answer.detail, TOAST_MS.error);
      finish(true);
      void refreshAfter('block');
    },
    [finish],
  );

  const onCancel = useCallback(() => finish(false), [finish]);

  const dialog = (
    <ReportDialog target={open?.target ?? null} returnFocus={open?.returnFocus ?? null} onCancel={onCancel} onFiled={onFiled} />
  );
  return { report, dialog };
}
