// POST /api/questions (spec §5, §7). Shape only: the tier rules (agent count, premium features,
// free queries, balance) need the user and are applied by the service from the PLANS table.

// class-transformer's @Type reads decorator metadata; Nest loads this polyfill anyway, browsers do not.
import 'reflect-metadata';
import { Transform, type TransformFnParams, Type } from 'class-transformer';
import {
  ArrayMaxSize,
  ArrayUnique,
  IsArray,
  IsBoolean,
  IsInt,
  IsNotEmpty,
  IsOptional,
  IsString,
  Matches,
  Max,
  MaxLength,
  Min,
  ValidateNested,
} from 'class-validator';
import {
  AGENTS_MAX,
  AGENTS_MIN,
  ID_MAX,
  QUESTION_MAX_LENGTH,
  SOCKET_ID_PATTERN,
} from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { WEIGH_IN } from '../council/weigh-in';
import { TOKEN_CAP } from '../council/token-cap';
import { ArrayEmptyOrMinSize, DefaultFalse } from './validation.decorators';

/**
 * One member of the council: catalogue ids (positive integers, sent as JSON numbers; a numeric string
 * is refused, not converted) and its 0-based place.
 */
export class CouncilMemberDto {
  @IsInt({ message: M.memberIdInvalid })
  @Min(1, { message: M.memberIdInvalid })
  @Max(ID_MAX, { message: M.memberIdInvalid })
  agentId: number;

  @IsInt({ message: M.memberIdInvalid })
  @Min(1, { message: M.memberIdInvalid })
  @Max(ID_MAX, { message: M.memberIdInvalid })
  modelId: number;

  @IsOptional()
  @IsInt({ message: M.memberIdInvalid })
  @Min(1, { message: M.memberIdInvalid })
  @Max(ID_MAX, { message: M.memberIdInvalid })
  roleId?: number | null;

  @IsInt()
  @Min(0)
  @Max(AGENTS_MAX - 1)
  order: number;
}

/**
 * What every turn of a conversation chooses again: the question, debate, reasoning, weigh-in and
 * the cap. POST /api/questions/{id}/follow-ups takes exactly this; the council comes from the
 * conversation (docs/decisions.md, "25. Follow-ups").
 */
export class QuestionTurnDto {
  // Missing or null reads as '' (the initialiser covers a missing key), so it fails with one message.
  @Transform(({ value }: TransformFnParams): unknown =>
    typeof value === 'string' ? value.trim() : (value ?? ''),
  )
  @IsString({ message: M.questionRequired })
  @IsNotEmpty({ message: M.questionRequired })
  @MaxLength(QUESTION_MAX_LENGTH, { message: M.questionTooLong })
  question = '';

  @DefaultFalse()
  @IsBoolean()
  showDebate = false;

  @DefaultFalse()
  @IsBoolean()
  showReasoning = false;

  /** Pause after each round for the asker's note (premium and max, debate on; WEIGH_IN). */
  @DefaultFalse()
  @IsBoolean()
  weighIn = false;

  /** "Stop at N tokens" (TOKEN_CAP): absent or null for no limit; never above the balance. */
  @IsOptional()
  @IsInt({ message: M.tokenCapInvalid })
  @Min(TOKEN_CAP.min, { message: M.tokenCapInvalid })
  @Max(TOKEN_CAP.max, { message: M.tokenCapInvalid })
  tokenCap?: number | null;

  /**
   * The asker's /council socket: the gateway has it follow the question before the members start,
   * so the first words stream to it while this request is still being answered. Best effort: a
   * socket that is not the asker's, or not on the gateway that answers, is ignored.
   */
  @IsOptional()
  @IsString({ message: M.socketIdInvalid })
  @Matches(SOCKET_ID_PATTERN, { message: M.socketIdInvalid })
  socketId?: string;
}

/** POST /api/questions/{id}/follow-ups: a new turn for the same council. */
export class FollowUpDto extends QuestionTurnDto {}

export class AskQuestionDto extends QuestionTurnDto {
  /** The agent id of one member; used only with debate on. */
  @IsOptional()
  @IsInt({ message: M.debateLeaderInvalid })
  @Min(1, { message: M.debateLeaderInvalid })
  @Max(ID_MAX, { message: M.debateLeaderInvalid })
  debateLeaderId?: number | null;

  /** Absent or empty: the default council (first agent of each provider, spec §4). */
  @IsOptional()
  @IsArray()
  @ArrayEmptyOrMinSize(AGENTS_MIN, { message: M.agentsMin })
  @ArrayMaxSize(AGENTS_MAX, { message: M.agentsMax })
  @ArrayUnique((member: CouncilMemberDto | null) => member?.order, { message: M.memberOrderUnique })
  @ValidateNested({ each: true })
  @Type(() => CouncilMemberDto)
  agents?: CouncilMemberDto[];
}

/** POST /api/questions/{id}/notes: the asker's note while the debate waits for one. */
export class DebateNoteDto {
  // Anything but text reads as no note, so it fails with the one message that says what to do.
  @Transform(({ value }: TransformFnParams): unknown => (typeof value === 'string' ? value.trim() : ''))
  @IsString({ message: M.noteRequired })
  @IsNotEmpty({ message: M.noteRequired })
  @MaxLength(WEIGH_IN.noteMaxLength, { message: M.noteTooLong })
  note = '';
}

/**
 * POST /api/questions/{id}/continue takes no fields. Bound as the body, this empty class gives the
 * validation pipe nothing to whitelist, so every field is refused ("property x should not exist"),
 * while no body or `{}` (the web client sends none) passes.
 */
export class ContinueDebateDto {}
