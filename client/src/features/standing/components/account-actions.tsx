import { useState } from 'react';
import { ConfirmDialog } from '@/components/ui/confirm-dialog.tsx';

interface AccountActionsProps {
  onSignOut: () => void;
  /** Deletes the account; true once it is gone (the caller then leaves the screen). */
  onDelete: () => Promise<boolean>;
}

/**
 * What a restricted member may still do besides appealing: sign out, and delete the account
 * (erasure stays a right). The same confirmation as the profile screen's.
 */
export function AccountActions({ onSignOut, onDelete }: AccountActionsProps) {
  const [deleteOpen, setDeleteOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  return (
    <section className="standing-actions" aria-labelledby="standing-account-title">
      <h2 id="standing-account-title">Your account</h2>
      <div className="standing-buttons">
        <button type="button" className="btn btn-secondary" onClick={onSignOut}>
          Sign Out
        </button>
        <button type="button" className="btn btn-danger" onClick={() => setDeleteOpen(true)}>
          Delete My Account
        </button>
      </div>
      <ConfirmDialog
        open={deleteOpen}
        onOpenChange={setDeleteOpen}
        title="Delete Account"
        description="This will delete your data from the system forever! Are you sure?"
        confirmLabel="Delete Forever"
        destructive
        busy={deleting}
        onConfirm={async () => {
          setDeleting(true);
          const ok = await onDelete();
          setDeleting(false);
          if (ok) setDeleteOpen(false);
        }}
      />
    </section>
  );
}
