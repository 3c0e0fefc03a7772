/** Small accessible form controls (label tied to input by id) shared by the app's sections. */
import { h, type ComponentChildren } from "preact";
import { useState } from "preact/hooks";

interface TextProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly onInput: (value: string) => void;
  readonly type?: "text" | "password" | "number" | "date";
  readonly hint?: string;
  readonly placeholder?: string;
  readonly autoComplete?: string;
}

/** A labelled text input. */
export function TextField(p: TextProps) {
  const hintId = p.hint ? `${p.id}-hint` : undefined;
  return h("div", null, [
    h("label", { for: p.id }, p.label),
    h("input", {
      id: p.id,
      type: p.type ?? "text",
      value: p.value,
      placeholder: p.placeholder,
      autocomplete: p.autoComplete ?? "off",
      spellcheck: false,
      "aria-describedby": hintId,
      onInput: (e: Event) => p.onInput((e.currentTarget as HTMLInputElement).value),
    }),
    p.hint ? h("p", { class: "hint", id: hintId }, p.hint) : null,
  ]);
}

interface SelectProps {
  readonly id: string;
  readonly label: string;
  readonly value: string;
  readonly options: readonly { value: string; label: string }[];
  readonly onChange: (value: string) => void;
  readonly hint?: string;
}

/** A labelled select. */
export function SelectField(p: SelectProps) {
  const hintId = p.hint ? `${p.id}-hint` : undefined;
  return h("div", null, [
    h("label", { for: p.id }, p.label),
    h(
      "select",
      {
        id: p.id,
        value: p.value,
        "aria-describedby": hintId,
        onChange: (e: Event) => p.onChange((e.currentTarget as HTMLSelectElement).value),
      },
      p.options.map((o) => h("option", { value: o.value, selected: o.value === p.value }, o.label)),
    ),
    p.hint ? h("p", { class: "hint", id: hintId }, p.hint) : null,
  ]);
}

/** A labelled checkbox. */
export function CheckField(p: {
  id: string;
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
}) {
  return h("label", { class: "check", for: p.id }, [
    h("input", {
      id: p.id,
      type: "checkbox",
      checked: p.checked,
      onChange: (e: Event) => p.onChange((e.currentTarget as HTMLInputElement).checked),
    }),
    p.label,
  ]);
}

/** A button; `primary` gets the accent colour; `name` is what a screen reader says if not `label`. */
export function Button(p: {
  label: string;
  onClick: () => void;
  primary?: boolean;
  disabled?: boolean;
  id?: string;
  type?: "button" | "submit";
  name?: string;
}) {
  return h(
    "button",
    {
      id: p.id,
      type: p.type ?? "button",
      class: p.primary ? "primary" : undefined,
      disabled: p.disabled,
      "aria-label": p.name,
      onClick: p.type === "submit" ? undefined : p.onClick,
    },
    p.label,
  );
}

/**
 * A status line read out by screen readers. The live region stays in the page while empty:
 * one that appears together with its text is often not announced.
 */
export function Status(p: { text: string; kind: "info" | "ok" | "error"; id?: string }) {
  return h(
    "p",
    {
      id: p.id,
      class: `status ${p.kind === "info" ? "" : p.kind}`,
      role: "status",
      "aria-live": p.kind === "error" ? "assertive" : "polite",
      "aria-atomic": "true",
    },
    p.text,
  );
}

/** A collapsible section (keyboard-operable <details>); `open` sets only its first state. */
export function Section(p: {
  title: string;
  open?: boolean;
  id: string;
  children?: ComponentChildren;
}) {
  const [initiallyOpen] = useState(p.open ?? false);
  return h("details", { id: p.id, open: initiallyOpen }, [h("summary", null, p.title), p.children]);
}
