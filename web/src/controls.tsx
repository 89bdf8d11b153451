/** Form pieces every tab repeats: a short numeric field, the run button that says when it computes, the error line. */

/** A labelled numeric text field (kept as text: the server parses it and words what is wrong). */
export function NumberField(props: {
  id: string;
  label: string;
  value: string;
  set: (value: string) => void;
  size?: number;
}) {
  return (
    <label>
      {props.label}
      <input
        id={props.id}
        value={props.value}
        onInput={(e) => props.set(e.currentTarget.value)}
        size={props.size ?? 3}
        inputMode="numeric"
      />
    </label>
  );
}

/** The form's submit button, disabled and saying so while a request runs. */
export function RunButton(props: { id: string; busy: boolean; label: string }) {
  return (
    <button id={props.id} type="submit" disabled={props.busy}>
      {props.busy ? 'Computing…' : props.label}
    </button>
  );
}

/** The one-line error of the last request, announced to screen readers; nothing when there is none. */
export function ErrorLine(props: { error: string | null | undefined }) {
  if (!props.error) return null;
  return (
    <p class="error" role="alert">
      {props.error}
    </p>
  );
}
