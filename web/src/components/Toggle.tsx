import { Field, Label, Switch, Description } from "@headlessui/react";
import { cx } from "./ui";

/** A labelled Headless UI switch (role="switch"). */
export function Toggle({
  label,
  description,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  description?: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Field disabled={disabled} className="flex items-center justify-between gap-4">
      <span className="flex flex-col">
        <Label className="text-sm font-medium text-gray-900 data-disabled:opacity-60 dark:text-gray-100">{label}</Label>
        {description ? <Description className="text-xs text-gray-500 dark:text-gray-400">{description}</Description> : null}
      </span>
      <Switch
        checked={checked}
        onChange={onChange}
        className={cx(
          "group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full border-2 border-transparent transition-colors",
          "bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-checked:bg-indigo-600 data-disabled:cursor-not-allowed data-disabled:opacity-60 dark:bg-gray-700",
        )}
      >
        <span className="pointer-events-none inline-block h-5 w-5 translate-x-0 rounded-full bg-white shadow ring-0 transition group-data-checked:translate-x-5" />
      </Switch>
    </Field>
  );
}

/** A bare Headless UI switch whose label is for screen readers only (cards, table rows). */
export function SwitchControl({
  label,
  checked,
  onChange,
  disabled,
}: {
  label: string;
  checked: boolean;
  onChange: (v: boolean) => void;
  disabled?: boolean;
}) {
  return (
    <Switch
      checked={checked}
      onChange={onChange}
      disabled={disabled}
      aria-label={label}
      className={cx(
        "group relative inline-flex h-6 w-11 shrink-0 cursor-pointer rounded-full border-2 border-transparent transition-colors",
        "bg-gray-200 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-indigo-600 data-checked:bg-indigo-600 data-disabled:cursor-not-allowed data-disabled:opacity-60 dark:bg-gray-700",
      )}
    >
      <span className="pointer-events-none inline-block h-5 w-5 translate-x-0 rounded-full bg-white shadow ring-0 transition group-data-checked:translate-x-5" />
    </Switch>
  );
}
