// Quick Filters (docs/web.md#screens): Flag Status, Model, Time Range → 'Apply Filters' opens /logs filtered.
import { useNavigate } from "@tanstack/react-router";
import { useState } from "react";
import { MODEL_FILTER_OPTIONS } from "@promptsentry/schema/constants/logs";
import { SlidersIcon } from "../../components/icons";
import { Select } from "../../components/Select";
import { Button, Panel } from "../../components/ui";
import { DEFAULT_TIME_RANGE, FLAG_FILTER_OPTIONS, TIME_RANGES, timeRangeFrom, type TimeRange } from "../../lib/filters";

type FlagValue = (typeof FLAG_FILTER_OPTIONS)[number]["value"];
type ModelValue = (typeof MODEL_FILTER_OPTIONS)[number]["value"];

export function QuickFilters() {
  const navigate = useNavigate();
  const [flagStatus, setFlagStatus] = useState<FlagValue>("all");
  const [model, setModel] = useState<ModelValue>("all");
  const [range, setRange] = useState<TimeRange>(DEFAULT_TIME_RANGE);
  const apply = () =>
    void navigate({
      to: "/logs",
      search: {
        flagStatus: flagStatus === "all" ? undefined : flagStatus,
        model: model === "all" ? undefined : model,
        from: timeRangeFrom(range),
      },
    });
  return (
    <Panel title="Quick Filters" icon={<SlidersIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <div className="space-y-3">
        <Select label="Flag Status" value={flagStatus} options={FLAG_FILTER_OPTIONS} onChange={setFlagStatus} />
        <Select label="Model" value={model} options={MODEL_FILTER_OPTIONS} onChange={setModel} />
        <Select label="Time Range" value={range} options={TIME_RANGES} onChange={setRange} />
        <Button className="w-full" onClick={apply}>
          Apply Filters
        </Button>
      </div>
    </Panel>
  );
}
