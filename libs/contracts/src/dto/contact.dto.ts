// POST /api/support/contact (DECISIONS 7). The lengths match support_messages' columns.

import { IsEmail, IsNotEmpty, IsString, MaxLength } from 'class-validator';
import {
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  EMAIL_MAX_LENGTH,
} from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { Trim } from './validation.decorators';

export class ContactDto {
  @Trim()
  @IsString({ message: M.contactNameRequired })
  @IsNotEmpty({ message: M.contactNameRequired })
  @MaxLength(CONTACT_NAME_MAX, { message: M.contactNameMax })
  name: string;

  @Trim()
  @IsEmail({}, { message: M.emailInvalid })
  @MaxLength(EMAIL_MAX_LENGTH, { message: M.emailMax })
  email: string;

  @Trim()
  @IsString({ message: M.contactSubjectRequired })
  @IsNotEmpty({ message: M.contactSubjectRequired })
  @MaxLength(CONTACT_SUBJECT_MAX, { message: M.contactSubjectMax })
  subject: string;

  @Trim()
  @IsString({ message: M.contactMessageRequired })
  @IsNotEmpty({ message: M.contactMessageRequired })
  @MaxLength(CONTACT_MESSAGE_MAX, { message: M.contactMessageMax })
  message: string;
}
