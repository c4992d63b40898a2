import { type ArgumentMetadata, Injectable, type PipeTransform } from '@nestjs/common';
import { hostileInputException } from './body-parsers';
import { findHostileInput } from './request-input.util';

/**
 * Route parameters get the checks the body and query got in the request pipeline (body-parsers.ts):
 * U+0000 or a lone surrogate in `/shared/:shareId` is a 400 naming the parameter, never a database
 * error. Runs before the ValidationPipe, on the raw value.
 */
@Injectable()
export class RequestInputPipe implements PipeTransform<unknown, unknown> {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type !== 'param') return value;
    const found = findHostileInput(value, `param.${metadata.data ?? 'value'}`);
    if (found) throw hostileInputException(found);
    return value;
  }
}
