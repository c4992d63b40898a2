import {
  ASK_API_PATHS,
  type AgentResponse,
  COMING_SOON_MODEL_PROVIDERS,
  COMING_SOON_MODELS,
  type ComingSoonModel,
  type ModelResponse,
  type RoleResponse,
} from '@council/contracts';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { api } from '@/lib/api-client';

// The catalogue is read by the Ask form, the answer cards (the demo flag), the Company page and the
// FAQ (which models are available).
export const catalogueKeys = {
  all: ['catalogue'] as const,
  agents: () => [...catalogueKeys.all, 'agents'] as const,
  models: () => [...catalogueKeys.all, 'models'] as const,
  roles: () => [...catalogueKeys.all, 'roles'] as const,
};

/** GET /api/agents, /api/models, /api/roles: the catalogue the council is picked from. */
export const getAgents = (signal?: AbortSignal) => api.get<AgentResponse[]>(ASK_API_PATHS.agents, { signal });
export const getModels = (signal?: AbortSignal) => api.get<ModelResponse[]>(ASK_API_PATHS.models, { signal });
export const getRoles = (signal?: AbortSignal) => api.get<RoleResponse[]>(ASK_API_PATHS.roles, { signal });

export const getAgentsQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.agents(), queryFn: ({ signal }) => getAgents(signal) });
export const getModelsQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.models(), queryFn: ({ signal }) => getModels(signal) });
export const getRolesQueryOptions = () =>
  queryOptions({ queryKey: catalogueKeys.roles(), queryFn: ({ signal }) => getRoles(signal) });

export interface Catalogue {
  agents: AgentResponse[];
  models: ModelResponse[];
  roles: RoleResponse[];
}

/**
 * The three lists together; `catalogue` is set once agents and models have loaded and roles have
 * loaded or failed (roles are optional, but the default council seats them when one model fills
 * several seats, so the first council shown is the one the server would seat).
 */
export function useCatalogue(): {
  catalogue: Catalogue | null;
  isPending: boolean;
  isError: boolean;
  /** Loads again whatever failed. */
  retry: () => void;
} {
  const agents = useQuery(getAgentsQueryOptions());
  const models = useQuery(getModelsQueryOptions());
  const roles = useQuery(getRolesQueryOptions());
  const catalogue =
    agents.data && models.data && !roles.isPending
      ? { agents: agents.data, models: models.data, roles: roles.data ?? [] }
      : null;
  return {
    catalogue,
    isPending: agents.isPending || models.isPending || roles.isPending,
    isError: agents.isError || models.isError,
    retry: () => {
      for (const query of [agents, models, roles]) if (query.isError) void query.refetch();
    },
  };
}

/** The models the marketing pages present that some listed agent serves, in their order. */
export function availableModels(agents: readonly Pick<AgentResponse, 'provider'>[]): ComingSoonModel[] {
  return COMING_SOON_MODELS.filter((model) =>
    agents.some((agent) => COMING_SOON_MODEL_PROVIDERS[model].includes(agent.provider)),
  );
}

/**
 * Which of those models are available now. GET /api/agents lists an added provider only while it is
 * configured; until it answers (or when it fails) none is, so the pages say "Coming soon" (spec §1).
 */
export function useAvailableModels(): ReadonlySet<ComingSoonModel> {
  const { data: agents } = useQuery(getAgentsQueryOptions());
  return useMemo(() => new Set(availableModels(agents ?? [])), [agents]);
}
