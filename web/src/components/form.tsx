// Labelled form fields with inline error messages (aria-invalid / aria-describedby).
import { useId, useState, type ChangeEvent, type InputHTMLAttributes, type ReactNode, type TextareaHTMLAttributes } from "react";
import type { FormErrors } from "../lib/form";
import { Button, cx, inputClass, labelClass } from "./ui";

/**
 * A form's text values, and the props that tie a field to one of them and to its error:
 * `<TextField label="Name" {...field("name")} />` instead of a state, a setter and three props per field.
 */
export function useFormFields<T extends Record<string, string>>(initial: T, errors: FormErrors) {
  const [values, setValues] = useState(initial);
  const set = (key: keyof T, value: string) => setValues((current) => ({ ...current, [key]: value }));
  const field = (key: keyof T & string) => ({
    name: key,
    value: values[key],
    error: errors[key],
    onChange: (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(key, e.target.value),
  });
  return { values, set, field };
}

export function FieldError({ id, children }: { id?: string; children?: ReactNode }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-600 dark:text-red-400">
      {children}
    </p>
  );
}

/**
 * A label, the control it names (given its id, class and aria attributes), an optional hint and the
 * field's error message: the frame of TextField and TextAreaField.
 */
function LabelledField({
  label,
  error,
  hint,
  className,
  children,
}: {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
  children: (control: {
    id: string;
    className: string;
    "aria-invalid": true | undefined;
    "aria-describedby": string | undefined;
  }) => ReactNode;
}) {
  const id = useId();
  return (
    <div className={className}>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      {children({
        id,
        className: cx(inputClass, "mt-1"),
        "aria-invalid": error ? true : undefined,
        "aria-describedby": error ? `${id}-error` : hint ? `${id}-hint` : undefined,
      })}
      {hint && !error ? (
        <p id={`${id}-hint`} className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </div>
  );
}

export function TextField({
  label,
  error,
  hint,
  className,
  ...input
}: { label: string; error?: string; hint?: ReactNode } & InputHTMLAttributes<HTMLInputElement>) {
  return (
    <LabelledField label={label} error={error} hint={hint} className={className}>
      {(control) => <input {...control} {...input} />}
    </LabelledField>
  );
}

export function TextAreaField({
  label,
  error,
  className,
  ...input
}: { label: string; error?: string } & TextareaHTMLAttributes<HTMLTextAreaElement>) {
  return (
    <LabelledField label={label} error={error} className={className}>
      {(control) => <textarea {...control} {...input} />}
    </LabelledField>
  );
}

/** The footer of a dialog's form: Cancel, and the submit button with its pending label. */
export function FormActions({
  onCancel,
  pending,
  label,
  pendingLabel,
}: {
  onCancel: () => void;
  pending: boolean;
  label: string;
  pendingLabel: string;
}) {
  return (
    <div className="flex justify-end gap-2 pt-2">
      <Button variant="secondary" onClick={onCancel} disabled={pending}>
        Cancel
      </Button>
      <Button type="submit" disabled={pending}>
        {pending ? pendingLabel : label}
      </Button>
    </div>
  );
}

/** A fieldset of checkboxes (multi-select of ids with labels). */
export function CheckboxGroup<V extends string>({
  legend,
  options,
  value,
  onChange,
  error,
  columns = 2,
}: {
  legend: string;
  options: readonly { value: V; label: string; description?: string }[];
  value: readonly V[];
  onChange: (v: V[]) => void;
  error?: string;
  columns?: 1 | 2;
}) {
  const id = useId();
  const toggle = (v: V, on: boolean) => onChange(on ? [...value.filter((x) => x !== v), v] : value.filter((x) => x !== v));
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined} aria-invalid={error ? true : undefined}>
      <legend className={labelClass}>{legend}</legend>
      <div className={cx("mt-2 grid gap-2", columns === 2 && "sm:grid-cols-2")}>
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-gray-200 px-3 py-2 text-sm hover:bg-gray-50 dark:border-gray-700 dark:hover:bg-gray-800"
          >
            <input
              type="checkbox"
              className="mt-0.5 h-4 w-4 rounded border-gray-300 text-indigo-600 accent-indigo-600 focus:ring-indigo-600 dark:border-gray-600"
              checked={value.includes(o.value)}
              onChange={(e) => toggle(o.value, e.target.checked)}
            />
            <span>
              <span className="block font-medium text-gray-900 dark:text-gray-100">{o.label}</span>
              {o.description ? <span className="block text-xs text-gray-500 dark:text-gray-400">{o.description}</span> : null}
            </span>
          </label>
        ))}
      </div>
      <FieldError id={`${id}-error`}>{error}</FieldError>
    </fieldset>
  );
}
