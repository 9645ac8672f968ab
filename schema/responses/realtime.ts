// What the organization's room sends its sockets: the worker posts these, the party forwards them,
// the dashboard applies them.
import * as v from "valibot";
import { NEW_PROMPT_LOG } from "../realtime";
import { promptLogSchema } from "./logs";

export const newPromptLogMessageSchema = v.object({ type: v.literal(NEW_PROMPT_LOG), log: promptLogSchema });
export type NewPromptLogMessage = v.InferOutput<typeof newPromptLogMessageSchema>;
