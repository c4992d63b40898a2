// POST /api/questions/{id}/share. Title and description are optional; left out or blank, the server
// uses the saved ones or cuts the question (SHARE_TITLE_MAX / SHARE_DESCRIPTION_MAX). The input
// limits are looser than those cuts, so a user's own title is not clipped to 100 characters.

import { IsIn, IsOptional, IsString, MaxLength } from 'class-validator';
import {
  SHARE_DESCRIPTION_INPUT_MAX,
  SHARE_EXPIRY_IDS,
  SHARE_TITLE_INPUT_MAX,
  type ShareExpiry,
} from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { NoNullCharacters, TrimToUndefined } from './validation.decorators';

export class ShareQuestionDto {
  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(SHARE_TITLE_INPUT_MAX, { message: M.shareTitleMax })
  @NoNullCharacters({ message: M.nullCharacter })
  title?: string;

  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(SHARE_DESCRIPTION_INPUT_MAX, { message: M.shareDescriptionMax })
  @NoNullCharacters({ message: M.nullCharacter })
  description?: string;

  /** Absent: DEFAULT_SHARE_EXPIRY (never). */
  @IsOptional()
  @IsIn(SHARE_EXPIRY_IDS, { message: M.shareExpiryInvalid })
  expiry?: ShareExpiry;
}
