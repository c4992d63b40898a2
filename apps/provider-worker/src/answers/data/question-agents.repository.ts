import { QuestionAgentEntity } from '@council/db';
import { type DataSource } from 'typeorm';

/** The SQL of a question's council members (question_agents). */
export class QuestionAgentsRepository {
  constructor(private readonly dataSource: DataSource) {}

  /** The question's members with their agent and model, in council order. */
  async withNames(questionId: number): Promise<QuestionAgentEntity[]> {
    return this.dataSource.getRepository(QuestionAgentEntity).find({
      where: { questionId },
      relations: { agent: true, model: true },
      order: { order: 'ASC' },
    });
  }
}
