import { useState, type ReactElement, type ReactNode } from 'react';
import { Button } from './button';
import { Dialog, DialogClose } from './dialog';
import { ErrorBanner } from './error-banner';

/** Props of {@link ConfirmDialog}. */
export interface ConfirmDialogProps {
  /** The element that asks for confirmation (a Revoke or Delete button). */
  readonly trigger: ReactElement;
  readonly title: string;
  /** What will happen, in words ("Scripts using it stop working at once."). */
  readonly description: ReactNode;
  /** The confirming button's label: the verb ("Revoke token"), never "OK". */
  readonly confirmLabel: string;
  readonly tone?: 'danger' | 'primary';
  /** Runs the action; the dialog closes when it resolves and shows the error in words when it throws. */
  readonly onConfirm: () => Promise<unknown>;
}

/** Ask before an action that cannot be undone; the error, if any, stays in the dialog. */
export function ConfirmDialog({ trigger, title, description, confirmLabel, tone = 'danger', onConfirm }: ConfirmDialogProps): ReactElement {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const confirm = async () => {
    setPending(true);
    setError(null);
    try {
      await onConfirm();
      setOpen(false);
    } catch (caught) {
      setError(caught);
    } finally {
      setPending(false);
    }
  };
  return (
    <Dialog
      trigger={trigger}
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (!next) setError(null);
      }}
      title={title}
      description={description}
      footer={
        <>
          <DialogClose><Button>Cancel</Button></DialogClose>
          <Button variant={tone} loading={pending} onClick={() => void confirm()}>{confirmLabel}</Button>
        </>
      }
    >
      {error !== null ? <ErrorBanner error={error} /> : null}
    </Dialog>
  );
}
