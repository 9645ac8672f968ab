// A new organization's first day: while it has no log at all, the Dashboard says how to send one
// (curl, an SDK, OpenTelemetry, the gateway), with this deployment's own endpoint and a placeholder
// for the key, and sends a test log through the signed-in session (POST /api/test-prompt).
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { TEST_PROMPT_SOURCE } from "@promptsentry/schema/constants/models";
import { keysChangedByNewLog, submitTestPrompt } from "../../api/testing";
import { CopyButton } from "../../components/CopyButton";
import { SendIcon, ZapIcon } from "../../components/icons";
import { toast } from "../../components/toast";
import { Button, Panel, cx } from "../../components/ui";
import { usePermissions } from "../../lib/permissions";
import { API_KEY_PLACEHOLDER, buildSamples, normalizeOrigin, randomEstimatedCost, randomTokenCount } from "../testing/samples";

/** The four ways in, as snippets for `origin` (pure: tested in firstLog.test.ts). */
export function firstLogSnippets(origin: string): { id: string; label: string; code: string }[] {
  const o = normalizeOrigin(origin);
  const samples = buildSamples(o);
  return [
    { id: "curl", label: "curl", code: samples.curl },
    { id: "sdk", label: "SDK", code: `${samples["node-install"]}\n${samples.node}` },
    {
      id: "otel",
      label: "OpenTelemetry",
      code: `# Any OTLP/HTTP exporter (GenAI semantic conventions, OpenLLMetry, OpenInference):
export OTEL_EXPORTER_OTLP_TRACES_ENDPOINT="${o}/api/otel/v1/traces"
export OTEL_EXPORTER_OTLP_HEADERS="Authorization=Bearer ${API_KEY_PLACEHOLDER}"
`,
    },
    {
      id: "gateway",
      label: "Gateway",
      code: `# OpenAI-compatible: point your client's base URL here; your provider key stays yours.
from openai import OpenAI

client = OpenAI(
    base_url="${o}/api/gateway/v1",
    default_headers={"X-PromptSentry-Key": "${API_KEY_PLACEHOLDER}"},
)
client.chat.completions.create(model="gpt-4o-mini", messages=[{"role": "user", "content": "Hello"}])
`,
    },
  ];
}

export function FirstLogCard() {
  const queryClient = useQueryClient();
  const { can } = usePermissions();
  const snippets = firstLogSnippets(window.location.origin);
  const send = useMutation({
    mutationFn: () =>
      submitTestPrompt({
        prompt: "Hello from my first day with PromptSentry: what can you help me with?",
        response: "I can answer questions, draft text and summarize documents.",
        model: "gpt-4",
        source: TEST_PROMPT_SOURCE,
        tokenCount: randomTokenCount(),
        estimatedCost: randomEstimatedCost(),
      }),
    onSuccess: () => {
      toast({ title: "Test log sent", description: "It shows in the Live Prompt Feed now." });
      for (const queryKey of keysChangedByNewLog) void queryClient.invalidateQueries({ queryKey });
    },
    onError: (e) => toast({ title: "Failed to send a test log", error: e, variant: "destructive" }),
  });
  return (
    <Panel
      title="Send your first log"
      icon={<ZapIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}
      actions={
        can("logs:write") ? (
          <Button size="sm" onClick={() => send.mutate()} disabled={send.isPending}>
            <SendIcon className="h-4 w-4" />
            {send.isPending ? "Sending..." : "Send a test log"}
          </Button>
        ) : null
      }
    >
      <p className="text-sm text-gray-600 dark:text-gray-300">
        Nothing has been logged yet. Send prompts and responses from your app one of these ways; replace{" "}
        <code className="rounded bg-gray-100 px-1 font-mono text-xs dark:bg-gray-800">{API_KEY_PLACEHOLDER}</code> with a key from{" "}
        <Link to="/api-keys" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          API Keys
        </Link>
        . More samples are on{" "}
        <Link to="/testing" className="font-medium text-indigo-600 hover:underline dark:text-indigo-400">
          Testing
        </Link>
        .
      </p>
      <TabGroup className="mt-4">
        <TabList className="flex flex-wrap gap-1" aria-label="Ways to send a log">
          {snippets.map((s) => (
            <Tab
              key={s.id}
              className={({ selected }) =>
                cx(
                  "rounded-md px-3 py-1.5 text-sm font-medium focus-visible:outline-2 focus-visible:outline-indigo-600",
                  selected
                    ? "bg-indigo-50 text-indigo-700 dark:bg-indigo-500/15 dark:text-indigo-300"
                    : "text-gray-600 hover:bg-gray-100 dark:text-gray-400 dark:hover:bg-gray-800",
                )
              }
            >
              {s.label}
            </Tab>
          ))}
        </TabList>
        <TabPanels className="mt-3">
          {snippets.map((s) => (
            <TabPanel key={s.id} className="overflow-hidden rounded-lg border border-gray-800 bg-gray-950">
              <div className="flex items-center justify-between gap-2 border-b border-gray-800 px-3 py-2">
                <span className="text-xs font-medium text-gray-400">{s.label}</span>
                <CopyButton
                  text={s.code}
                  toastTitle="Copied to clipboard"
                  ariaLabel={`Copy ${s.label}`}
                  label="Copy"
                  variant="ghost"
                  onDark
                />
              </div>
              <pre className="overflow-x-auto p-4 font-mono text-xs leading-relaxed text-gray-100">
                <code>{s.code}</code>
              </pre>
            </TabPanel>
          ))}
        </TabPanels>
      </TabGroup>
    </Panel>
  );
}
