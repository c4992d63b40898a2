import { type ArgumentsHost, BadRequestException, Catch, type ExceptionFilter } from '@nestjs/common';
import { SERVER_MESSAGES } from '@council/contracts';
import { toErrorBody } from '@council/server-kit';
import { type Response } from 'express';

/**
 * Registration's 400s start with "Registration details are invalid: " before the field messages
 * (spec §5's texts), so the web's §8 rule ("invalid" → "Please check your details and try again.")
 * picks the right toast. Everything else about the error body stays as the global filter makes it.
 */
@Catch(BadRequestException)
export class RegistrationValidationFilter implements ExceptionFilter {
  catch(exception: BadRequestException, host: ArgumentsHost): void {
    const body = toErrorBody(exception);
    host
      .switchToHttp()
      .getResponse<Response>()
      .status(body.statusCode)
      .json({ ...body, message: `${SERVER_MESSAGES.invalidRegistration}: ${body.message}` });
  }
}
