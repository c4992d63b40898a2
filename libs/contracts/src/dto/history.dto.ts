// GET /api/questions query (spec §2 History). Query values arrive as strings; `limit` is converted
// here only when it is plain digits, so "10abc" or "1e3" is refused instead of guessed at.

import { Transform, type TransformFnParams } from 'class-transformer';
import { IsInt, IsOptional, IsString, Matches, Max, MaxLength, Min } from 'class-validator';
import {
  HISTORY_PAGE_SIZE_DEFAULT,
  HISTORY_PAGE_SIZE_MAX,
  HISTORY_SEARCH_MAX_LENGTH,
} from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { NoNullCharacters, TrimToUndefined } from './validation.decorators';

/** Longest cursor the server hands out is far below this; anything longer is not one of ours. */
const CURSOR_MAX_LENGTH = 200;

export class HistoryQueryDto {
  /** Full-text search over the question text (PostgreSQL, English); blank means no filter. */
  // class-validator runs the decorator nearest the property first: the type check goes last here.
  @TrimToUndefined()
  @IsOptional()
  @NoNullCharacters({ message: M.nullCharacter })
  @MaxLength(HISTORY_SEARCH_MAX_LENGTH, { message: M.historySearchMax })
  @IsString({ message: M.historySearchInvalid })
  search?: string;

  /** `nextCursor` of the previous page; absent for the first page. Opaque to the client. */
  @IsOptional()
  @IsString({ message: M.historyCursorInvalid })
  @Matches(/^[A-Za-z0-9_-]+$/, { message: M.historyCursorInvalid })
  @MaxLength(CURSOR_MAX_LENGTH, { message: M.historyCursorInvalid })
  cursor?: string;

  @Transform(({ value }: TransformFnParams): unknown =>
    typeof value === 'string' && /^\d{1,6}$/.test(value) ? Number(value) : value,
  )
  @IsOptional()
  @IsInt({ message: M.historyLimitInvalid })
  @Min(1, { message: M.historyLimitInvalid })
  @Max(HISTORY_PAGE_SIZE_MAX, { message: M.historyLimitInvalid })
  limit?: number = HISTORY_PAGE_SIZE_DEFAULT;
}
