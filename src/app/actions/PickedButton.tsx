// A module of its own: an action's button paints without its dialog's code (BulkDialog.tsx).
interface PickedProps {
  className: string;
  label: string;
  /** How many rows are picked: the button says it, and is off with none or more than `max`. */
  picked: number;
  max: number;
  /** Why it is off: nothing picked, too many picked. */
  pickHint: string;
  tooManyHint: string;
  /** Off for a reason of the action's own (e.g. its engine not set up). */
  disabled?: boolean;
  onClick(): void;
}

/** The toolbar button of an action on the picked rows: its label with their count, off (and saying why) with none or too many. */
export function PickedButton({ className, label, picked, max, pickHint, tooManyHint, disabled, onClick }: PickedProps) {
  const tooMany = picked > max;
  return (
    <button type="button" className={className} disabled={!picked || tooMany || disabled} title={tooMany ? tooManyHint : picked ? undefined : pickHint} onClick={onClick}>
      {label}
      {picked ? ` (${picked})` : ''}
    </button>
  );
}
