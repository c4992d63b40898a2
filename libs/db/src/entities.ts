import { AgentEntity } from './agent/agent.entity';
import { BlogPostEntity } from './blog-post/blog-post.entity';
import { DebateNoteEntity } from './debate-note/debate-note.entity';
import { LedgerEntryEntity } from './ledger-entry/ledger-entry.entity';
import { ModelEntity } from './model/model.entity';
import { PaymentGrantEntity } from './payment-grant/payment-grant.entity';
import { ProviderEntity } from './provider/provider.entity';
import { QuestionAgentEntity } from './question-agent/question-agent.entity';
import { QuestionEntity } from './question/question.entity';
import { ResponseEntity } from './response/response.entity';
import { RoleEntity } from './role/role.entity';
import { StripeEventEntity } from './stripe-event/stripe-event.entity';
import { SupportMessageEntity } from './support-message/support-message.entity';
import { TokenReservationEntity } from './token-reservation/token-reservation.entity';
import { UserEntity } from './user/user.entity';

/** Every entity, listed explicitly: no path globs, so bundlers and ts/js runs behave the same. */
export const ENTITIES = [
  UserEntity,
  ProviderEntity,
  AgentEntity,
  ModelEntity,
  RoleEntity,
  QuestionEntity,
  QuestionAgentEntity,
  ResponseEntity,
  DebateNoteEntity,
  BlogPostEntity,
  LedgerEntryEntity,
  StripeEventEntity,
  SupportMessageEntity,
  TokenReservationEntity,
  PaymentGrantEntity,
];
