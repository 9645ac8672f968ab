// Gateway (docs/gateway.md): which flagged prompts the gateway refuses to forward, and where it
// forwards the rest, one base URL per provider. Part of the settings form (one Save).
import {
  DEFAULT_ANTHROPIC_UPSTREAM,
  DEFAULT_GATEWAY_UPSTREAM,
  DEFAULT_GEMINI_UPSTREAM,
  GATEWAY_BLOCK_LABELS,
  GATEWAY_BLOCK_LEVELS,
  GATEWAY_KEY_HEADER,
  GATEWAY_UPSTREAM_HEADER,
  type GatewayBlockLevel,
} from "@promptsentry/schema/constants/gateway";
import { FieldError, TextField } from "../../components/form";
import { ShieldIcon } from "../../components/icons";
import { Select } from "../../components/Select";
import { Toggle } from "../../components/Toggle";
import { Panel } from "../../components/ui";
import type { SettingsDraft } from "./draft";

const BLOCK_OPTIONS = GATEWAY_BLOCK_LEVELS.map((level) => ({ value: level, label: GATEWAY_BLOCK_LABELS[level] }));

type Fields = Pick<
  SettingsDraft,
  "gatewayBlock" | "gatewayUpstream" | "gatewayAnthropicUpstream" | "gatewayGeminiUpstream" | "gatewayAllowUpstreamOverride"
>;
type Props = { draft: Fields; errors: Partial<Record<string, string>>; disabled: boolean; onChange: (patch: Partial<Fields>) => void };

export function GatewaySettings({ draft, errors, disabled, onChange }: Props) {
  return (
    <Panel title="Gateway" icon={<ShieldIcon className="h-5 w-5 text-indigo-600 dark:text-indigo-400" />}>
      <fieldset disabled={disabled} className="space-y-4">
        <div>
          <Select<GatewayBlockLevel>
            label="Block Flagged Prompts"
            value={draft.gatewayBlock}
            options={BLOCK_OPTIONS}
            onChange={(v) => onChange({ gatewayBlock: v })}
          />
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            Prompts sent through the gateway at or above this flag never reach the provider: the caller gets an error and the log is marked
            Blocked.
          </p>
          <FieldError>{errors.gatewayBlock}</FieldError>
        </div>
        <TextField
          label="OpenAI Upstream Base URL"
          name="gatewayUpstream"
          value={draft.gatewayUpstream}
          placeholder={DEFAULT_GATEWAY_UPSTREAM}
          onChange={(e) => onChange({ gatewayUpstream: e.target.value })}
          error={errors.gatewayUpstream}
          hint={
            <>
              Chat completions and Responses; any OpenAI-compatible provider; empty means {DEFAULT_GATEWAY_UPSTREAM}. Point your OpenAI
              client at <code>{`${location.origin}/api/gateway/v1`}</code> with your key in the <code>{GATEWAY_KEY_HEADER}</code> header.
            </>
          }
        />
        <TextField
          label="Anthropic Upstream Base URL"
          name="gatewayAnthropicUpstream"
          value={draft.gatewayAnthropicUpstream}
          placeholder={DEFAULT_ANTHROPIC_UPSTREAM}
          onChange={(e) => onChange({ gatewayAnthropicUpstream: e.target.value })}
          error={errors.gatewayAnthropicUpstream}
          hint={
            <>
              Messages API; empty means {DEFAULT_ANTHROPIC_UPSTREAM}. Anthropic client base URL:{" "}
              <code>{`${location.origin}/api/gateway/anthropic`}</code>.
            </>
          }
        />
        <TextField
          label="Gemini Upstream Base URL"
          name="gatewayGeminiUpstream"
          value={draft.gatewayGeminiUpstream}
          placeholder={DEFAULT_GEMINI_UPSTREAM}
          onChange={(e) => onChange({ gatewayGeminiUpstream: e.target.value })}
          error={errors.gatewayGeminiUpstream}
          hint={
            <>
              generateContent; empty means {DEFAULT_GEMINI_UPSTREAM}. Google Gen AI client base URL:{" "}
              <code>{`${location.origin}/api/gateway/gemini`}</code>.
            </>
          }
        />
        <div>
          <Toggle
            label="Allow Upstream Override"
            description={`Let each call choose its provider with the ${GATEWAY_UPSTREAM_HEADER} header`}
            checked={draft.gatewayAllowUpstreamOverride}
            onChange={(v) => onChange({ gatewayAllowUpstreamOverride: v })}
            disabled={disabled}
          />
          <p className="mt-1 text-xs text-gray-500 dark:text-gray-400">
            Off: calls go only to the upstream above, and a call naming another is refused. On: any key that may write logs can send prompts
            to a provider of its choice.
          </p>
          <FieldError>{errors.gatewayAllowUpstreamOverride}</FieldError>
        </div>
      </fieldset>
    </Panel>
  );
}
