import { queryOptions } from "@tanstack/react-query";
import type { IntegrationType } from "@promptsentry/schema/constants/delivery";
import { api } from "./client";
import type { Integration, IntegrationConfig } from "./types";

export type { Integration, IntegrationConfig };

export type IntegrationInput = { name: string; type: IntegrationType; config: IntegrationConfig };

export const integrationKeys = { all: ["integrations"] as const };

export const integrationsQueryOptions = () =>
  queryOptions({
    queryKey: integrationKeys.all,
    queryFn: ({ signal }) => api<Integration[]>("/api/integrations", { signal }),
  });

export const createIntegration = (input: IntegrationInput) => api<Integration>("/api/integrations", { method: "POST", body: input });

export const updateIntegration = (id: string, patch: { active?: boolean; name?: string; config?: Record<string, string> }) =>
  api<Integration>(`/api/integrations/${encodeURIComponent(id)}`, { method: "PATCH", body: patch });

export const deleteIntegration = (id: string) => api<null>(`/api/integrations/${encodeURIComponent(id)}`, { method: "DELETE" });
