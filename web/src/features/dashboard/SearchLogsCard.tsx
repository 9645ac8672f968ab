// Search Logs (docs/web.md#screens): text, start date, end date → 'Search' opens /logs with search/from/to.
import { useNavigate } from "@tanstack/react-router";
import { useId, useState, type FormEvent } from "react";
import { SearchIcon } from "../../components/icons";
import { Button, Panel, inputClass, labelClass } from "../../components/ui";
import { dayBoundary } from "../../lib/filters";

export function SearchLogsCard() {
  const navigate = useNavigate();
  const [text, setText] = useState("");
  const [start, setStart] = useState("");
  const [end, setEnd] = useState("");
  const id = useId();
  const submit = (e: FormEvent) => {
    e.preventDefault();
    void navigate({
      to: "/logs",
      search: {
        search: text.trim() || undefined,
        from: dayBoundary(start, "start"),
        to: dayBoundary(end, "end"),
      },
    });
  };
  return (
    <Panel title="Search Logs" icon={<SearchIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <form onSubmit={submit} className="space-y-3" role="search" aria-label="Search logs">
        <div>
          <label htmlFor={`${id}-q`} className={labelClass}>
            Search text
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={text}
            onChange={(e) => setText(e.target.value)}
            placeholder="Search prompts and responses..."
            className={`${inputClass} mt-1`}
          />
        </div>
        <div className="grid grid-cols-2 gap-3">
          <div>
            <label htmlFor={`${id}-from`} className={labelClass}>
              Start date
            </label>
            <input
              id={`${id}-from`}
              type="date"
              value={start}
              onChange={(e) => setStart(e.target.value)}
              className={`${inputClass} mt-1`}
            />
          </div>
          <div>
            <label htmlFor={`${id}-to`} className={labelClass}>
              End date
            </label>
            <input id={`${id}-to`} type="date" value={end} onChange={(e) => setEnd(e.target.value)} className={`${inputClass} mt-1`} />
          </div>
        </div>
        <Button type="submit" className="w-full">
          <SearchIcon className="h-4 w-4" />
          Search
        </Button>
      </form>
    </Panel>
  );
}
