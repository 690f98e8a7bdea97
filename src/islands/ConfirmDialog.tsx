// The "are you sure?" dialog of a delete (an address, a saved list): a native <dialog> the
// island opens with showModal(), so focus is trapped and Escape cancels, unless a delete is on
// its way. The island keeps the state; this only draws it.
import type { ReactNode, RefObject } from 'react';

export interface ConfirmDialogProps {
  dialogRef: RefObject<HTMLDialogElement | null>;
  /** Prefix of the title's and text's ids. */
  id: string;
  /** The data attribute tests find it by, e.g. `data-list-delete-dialog`. */
  marker: string;
  open: boolean;
  busy: boolean;
  title: string;
  text: ReactNode;
  error?: string | null;
  cancelLabel: string;
  confirmLabel: string;
  onClose: () => void;
  onConfirm: () => void;
}

export function ConfirmDialog(props: ConfirmDialogProps) {
  const { dialogRef, id, busy, onClose } = props;
  return (
    <dialog
      ref={dialogRef}
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-text`}
      onCancel={(e) => {
        e.preventDefault();
        if (!busy) onClose();
      }}
      className="max-w-md border-2 border-secondary p-6 backdrop:bg-scrim/50"
      {...{ [props.marker]: '' }}
    >
      {props.open && (
        <>
          <h2 id={`${id}-title`} className="m-0 text-xl font-bold text-secondary">{props.title}</h2>
          <p id={`${id}-text`} className="mb-0 mt-3">{props.text}</p>
          {props.error && <p role="alert" className="mb-0 mt-3 font-semibold text-error">{props.error}</p>}
          <div className="mt-5 flex flex-wrap justify-end gap-3">
            <button type="button" className="btn-outline" onClick={onClose} disabled={busy} autoFocus>{props.cancelLabel}</button>
            <button type="button" className="btn-primary" onClick={props.onConfirm} disabled={busy} data-confirm-delete="">
              {props.confirmLabel}
            </button>
          </div>
        </>
      )}
    </dialog>
  );
}
