// The default council of worker tests: one seeded agent per provider with its first model, written
// as a question's members the way the gateway stores them.

import { PROVIDERS, type Provider } from '@council/contracts';
import { AgentEntity, QuestionAgentEntity } from '@council/db';
import { type QuestionFlowMember } from '@council/server-kit';
import { type DataSource } from 'typeorm';

export type CouncilCatalogue = Record<Provider, { agentId: number; modelId: number }>;

/** Per provider, the first seeded agent (by position) that has a model, with its first model. */
export async function loadCouncilCatalogue(dataSource: DataSource): Promise<CouncilCatalogue> {
  const agents = await dataSource.getRepository(AgentEntity).find({
    relations: { models: true },
    order: { position: 'ASC' },
  });
  const catalogue = {} as CouncilCatalogue;
  for (const provider of PROVIDERS) {
    const agent = agents.find((candidate) => candidate.provider === provider && candidate.models?.length);
    if (!agent?.models) throw new Error(`The catalogue has no ${provider} agent`);
    const model = [...agent.models].sort((a, b) => a.position - b.position)[0];
    catalogue[provider] = { agentId: agent.id, modelId: model.id };
  }
  return catalogue;
}

/** Stores one member per provider, without roles, for the question; returns them in flow order. */
export async function addCouncilMembers(
  dataSource: DataSource,
  questionId: number,
  catalogue: CouncilCatalogue,
): Promise<QuestionFlowMember[]> {
  const members: QuestionFlowMember[] = PROVIDERS.map((provider, order) => ({
    order,
    provider,
    roleId: null,
    ...catalogue[provider],
  }));
  await dataSource.getRepository(QuestionAgentEntity).save(
    members.map((member) => ({
      questionId,
      agentId: member.agentId,
      modelId: member.modelId,
      roleId: null,
      order: member.order,
    })),
  );
  return members;
}
