// Account requests of spec §7 with the rules of spec §5. The web's forms validate with the same classes.

import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  RESET_PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { MatchesProperty, Trim, TrimToUndefined } from './validation.decorators';

/** POST /api/login */
export class LoginDto {
  @Trim()
  @IsString({ message: M.usernameMin })
  @MinLength(USERNAME_MIN_LENGTH, { message: M.usernameMin })
  @MaxLength(USERNAME_MAX_LENGTH, { message: M.usernameMax })
  username: string;

  @IsString({ message: M.passwordMin })
  @MinLength(PASSWORD_MIN_LENGTH, { message: M.passwordMin })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordMax })
  password: string;

  /** The login form's checkbox: a long-lived session instead of one that ends with the browser. */
  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}

/** POST /api/register */
export class RegisterDto {
  @Trim()
  @IsString({ message: M.usernameMin })
  @MinLength(USERNAME_MIN_LENGTH, { message: M.usernameMin })
  @MaxLength(USERNAME_MAX_LENGTH, { message: M.usernameMax })
  username: string;

  @IsString({ message: M.passwordMin })
  @MinLength(PASSWORD_MIN_LENGTH, { message: M.passwordMin })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordMax })
  password: string;

  @Trim()
  @IsEmail({}, { message: M.emailInvalid })
  @MaxLength(EMAIL_MAX_LENGTH, { message: M.emailMax })
  email: string;

  @TrimToUndefined()
  @IsOptional()
  @IsString()
  @MaxLength(NAME_MAX_LENGTH, { message: M.nameMax })
  name?: string;
}

/** POST /api/forgot-password */
export class ForgotPasswordDto {
  @Trim()
  @IsEmail({}, { message: M.emailInvalid })
  @MaxLength(EMAIL_MAX_LENGTH, { message: M.emailMax })
  email: string;
}

/** The new password of a reset: 8 to 100 characters (spec §5). */
export class NewPasswordDto {
  @IsString({ message: M.resetPasswordMin })
  @MinLength(RESET_PASSWORD_MIN_LENGTH, { message: M.resetPasswordMin })
  @MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordMax })
  password: string;
}

/** POST /api/reset-password; the token comes from the reset link's query string. */
export class ResetPasswordDto extends NewPasswordDto {
  @IsString({ message: M.resetTokenMissing })
  @IsNotEmpty({ message: M.resetTokenMissing })
  @MaxLength(512)
  token: string;
}

/** The reset form: the token is not a field, but the confirmation is. */
export class ResetPasswordFormDto extends NewPasswordDto {
  @IsString({ message: M.passwordsMismatch })
  @MatchesProperty('password', { message: M.passwordsMismatch })
  confirmPassword: string;
}
