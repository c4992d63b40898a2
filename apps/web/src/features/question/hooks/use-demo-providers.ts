import { type AgentResponse, type ResponseProvider } from '@council/contracts';
import { useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getAgentsQueryOptions } from '@/lib/catalogue';

/**
 * Whether a provider's answers come from the offline demo adapter (DECISIONS 15). The public catalogue
 * (GET /api/agents) carries the flag; a stored agent that has it set counts too. Unknown: not demo.
 */
export function useIsDemoProvider(): (
  provider: ResponseProvider,
  agent?: Pick<AgentResponse, 'demo'> | null,
) => boolean {
  const { data: agents } = useQuery(getAgentsQueryOptions());
  return useCallback(
    (provider, agent) =>
      agent?.demo === true ||
      (agents ?? []).some((candidate) => candidate.provider === provider && candidate.demo === true),
    [agents],
  );
}
