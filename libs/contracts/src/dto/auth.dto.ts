// Account requests of spec §7 with the rules of spec §5. The web's forms validate with the same classes.
//
// Decorator order matters: class-validator runs a property's rules bottom-up, and both the server's
// ValidationPipe (stopAtFirstError) and the form resolver report the first failure. So each property
// lists its rules from the least to the most basic: the type check last, so that a MISSING field
// gets the spec's message ("Password must be at least 6 characters") rather than the length limit's.

import { IsBoolean, IsEmail, IsNotEmpty, IsOptional, IsString, MaxLength, MinLength } from 'class-validator';
import {
  EMAIL_MAX_LENGTH,
  NAME_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { MatchesProperty, Trim, TrimToUndefined } from './validation.decorators';

/** POST /api/login */
export class LoginDto {
  @Trim()
  @MaxLength(USERNAME_MAX_LENGTH, { message: M.usernameMax })
  @MinLength(USERNAME_MIN_LENGTH, { message: M.usernameMin })
  @IsString({ message: M.usernameMin })
  username: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordMax })
  @MinLength(PASSWORD_MIN_LENGTH, { message: M.passwordMin })
  @IsString({ message: M.passwordMin })
  password: string;

  /** The login form's checkbox: a long-lived session instead of one that ends with the browser. */
  @IsOptional()
  @IsBoolean()
  rememberMe?: boolean;
}

/** POST /api/register */
export class RegisterDto {
  @Trim()
  @MaxLength(USERNAME_MAX_LENGTH, { message: M.usernameMax })
  @MinLength(USERNAME_MIN_LENGTH, { message: M.usernameMin })
  @IsString({ message: M.usernameMin })
  username: string;

  @MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordMax })
  @MinLength(PASSWORD_MIN_LENGTH, { message: M.passwordMin })
  @IsString({ message: M.passwordMin })
  password: string;

  @Trim()
  @MaxLength(EMAIL_MAX_LENGTH, { message: M.emailMax })
  @IsEmail({}, { message: M.emailInvalid })
  email: string;

  @TrimToUndefined()
  @IsOptional()
  @MaxLength(NAME_MAX_LENGTH, { message: M.nameMax })
  @IsString()
  name?: string;
}

/** POST /api/forgot-password */
export class ForgotPasswordDto {
  @Trim()
  @MaxLength(EMAIL_MAX_LENGTH, { message: M.emailMax })
  @IsEmail({}, { message: M.emailInvalid })
  email: string;
}

/**
 * The new password of a reset: the sign-up rule, 6 to 100 characters (docs/spec.md), so a reset
 * never refuses a password sign-up accepts, or the other way round.
 */
export class NewPasswordDto {
  @MaxLength(PASSWORD_MAX_LENGTH, { message: M.passwordMax })
  @MinLength(PASSWORD_MIN_LENGTH, { message: M.passwordMin })
  @IsString({ message: M.passwordMin })
  password: string;
}

/** POST /api/reset-password; the token comes from the reset link's query string. */
export class ResetPasswordDto extends NewPasswordDto {
  @MaxLength(512)
  @IsNotEmpty({ message: M.resetTokenMissing })
  @IsString({ message: M.resetTokenMissing })
  token: string;
}

/** The reset form: the token is not a field, but the confirmation is. */
export class ResetPasswordFormDto extends NewPasswordDto {
  @IsString({ message: M.passwordsMismatch })
  @MatchesProperty('password', { message: M.passwordsMismatch })
  confirmPassword: string;
}
