// Create custom metric: name, description, SQL query over `logs`, type, visualization, refresh
// interval (schema/requests/ with the shared schema; the server also checks the SQL and computes a first value).
import { useState, type FormEvent } from "react";
import {
  METRIC_DEFAULT_REFRESH_SECONDS,
  METRIC_MIN_REFRESH_SECONDS,
  METRIC_TYPES,
  METRIC_VISUALIZATIONS,
} from "@promptsentry/schema/constants/metrics";
import { customMetricBody } from "@promptsentry/schema/requests/custom-metrics";
import { errorText } from "../../api/client";
import { createCustomMetric, customMetricKeys } from "../../api/customMetrics";
import { FieldError, FormActions, TextAreaField, TextField, useFormFields } from "../../components/form";
import { Modal } from "../../components/Modal";
import { Select } from "../../components/Select";
import { capitalize } from "../../lib/format";
import { serverErrors } from "../../lib/form";
import { useFormMutation } from "../manage/mutations";

const TYPE_OPTIONS = METRIC_TYPES.map((t) => ({ value: t, label: t === "avg" ? "Average" : capitalize(t) }));
const VIS_OPTIONS = METRIC_VISUALIZATIONS.map((v) => ({ value: v, label: v === "number" ? "Number" : `${capitalize(v)} chart` }));

/** Example queries for each visualization (the columns of `logs` are the log's fields in snake_case). */
const EXAMPLES: Record<string, string> = {
  number: "SELECT count(*) FROM logs WHERE flag_status = 'critical'",
  line: "SELECT strftime('%Y-%m-%d', created_at / 1000, 'unixepoch') AS day, count(*) FROM logs GROUP BY day ORDER BY day",
  bar: "SELECT model, count(*) AS n FROM logs GROUP BY model ORDER BY n DESC",
  pie: "SELECT flag_status, count(*) FROM logs GROUP BY flag_status",
};

function CreateMetricForm({ onDone, onCancel }: { onDone: () => void; onCancel: () => void }) {
  const [type, setType] = useState<string>("count");
  const [visualization, setVisualization] = useState<string>("number");
  const {
    mutation: create,
    errors,
    submit: send,
  } = useFormMutation({
    mutationFn: createCustomMetric,
    queryKeys: [customMetricKeys.all],
    success: "Custom metric created successfully",
    failure: "Failed to create custom metric",
    onDone,
  });
  const { values, set, field } = useFormFields(
    { name: "", description: "", query: "", refreshInterval: String(METRIC_DEFAULT_REFRESH_SECONDS) },
    errors,
  );
  // A refusal without field issues (the per-organization cap, a server failure) is said in the
  // dialog too, beside the spec's toast, so the reason stays while the user edits.
  const refusal = create.error && !serverErrors(create.error) ? errorText(create.error) : undefined;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const interval = values.refreshInterval.trim();
    const input = {
      name: values.name,
      description: values.description.trim() || null,
      query: values.query,
      type,
      visualization,
      refreshInterval: /^\d+$/.test(interval) ? Number(interval) : interval === "" ? undefined : interval,
    };
    send(customMetricBody, input, (parsed) => ({
      name: parsed.name,
      description: parsed.description ?? null,
      query: parsed.query,
      type: parsed.type,
      visualization: parsed.visualization,
      refreshInterval: parsed.refreshInterval,
    }));
  };
  return (
    <form onSubmit={submit} noValidate className="space-y-4">
      <TextField label="Name" placeholder="Critical flags" {...field("name")} autoFocus />
      <TextField label="Description (optional)" placeholder="What this metric tells you" {...field("description")} />
      <div>
        <TextAreaField
          label="Query"
          rows={4}
          spellCheck={false}
          className="[&_textarea]:font-mono [&_textarea]:text-xs"
          placeholder={EXAMPLES[visualization]}
          {...field("query")}
        />
        <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
          One SELECT over <code className="font-mono">logs</code> (your organization's prompt logs). For charts, the first column is the
          label and the second the value.{" "}
          <button
            type="button"
            className="font-medium text-indigo-600 hover:underline dark:text-indigo-400"
            onClick={() => set("query", EXAMPLES[visualization] ?? "")}
          >
            Use example
          </button>
        </p>
      </div>
      <div className="grid gap-4 sm:grid-cols-3">
        <Select label="Type" value={type} options={TYPE_OPTIONS} onChange={setType} />
        <Select label="Visualization" value={visualization} options={VIS_OPTIONS} onChange={setVisualization} />
        <TextField
          label="Refresh interval (s)"
          type="number"
          inputMode="numeric"
          min={METRIC_MIN_REFRESH_SECONDS}
          step={1}
          {...field("refreshInterval")}
        />
      </div>
      <FieldError>{errors.form ?? errors.type ?? errors.visualization ?? refusal}</FieldError>
      <FormActions onCancel={onCancel} pending={create.isPending} label="Create Metric" pendingLabel="Creating..." />
    </form>
  );
}

export function CreateMetricDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  return (
    <Modal open={open} onClose={onClose} title="Create Custom Metric" size="lg">
      <CreateMetricForm onDone={onClose} onCancel={onClose} />
    </Modal>
  );
}
