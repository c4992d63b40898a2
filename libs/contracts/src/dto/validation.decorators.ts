// Small decorators the request DTOs share. Pure class-validator / class-transformer, so they run the
// same in Nest's ValidationPipe and in the web's form resolver.

import { Transform, type TransformFnParams } from 'class-transformer';
import { ValidateBy, type ValidationArguments, type ValidationOptions } from 'class-validator';

/** Trims strings; leaves other values for the type validators to reject. */
export function Trim(): PropertyDecorator {
  return Transform(({ value }: TransformFnParams): unknown =>
    typeof value === 'string' ? value.trim() : value,
  );
}

/** Trims, and turns a blank string into undefined so @IsOptional applies the server's default. */
export function TrimToUndefined(): PropertyDecorator {
  return Transform(({ value }: TransformFnParams): unknown => {
    if (typeof value !== 'string') return value;
    const trimmed = value.trim();
    return trimmed === '' ? undefined : trimmed;
  });
}

/** A flag that may be left out (or sent as undefined) and then means false. */
export function DefaultFalse(): PropertyDecorator {
  return Transform(({ value }: TransformFnParams): unknown => value ?? false);
}

/** The value must equal another property's value (password confirmation). */
export function MatchesProperty(property: string, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'matchesProperty',
      constraints: [property],
      validator: {
        validate: (value: unknown, args?: ValidationArguments): boolean =>
          args !== undefined && value === (args.object as Record<string, unknown>)[property],
        defaultMessage: (args?: ValidationArguments): string =>
          `${args?.property ?? 'value'} must match ${property}`,
      },
    },
    options,
  );
}

/** An array that is either empty or has at least `min` items. */
export function ArrayEmptyOrMinSize(min: number, options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'arrayEmptyOrMinSize',
      constraints: [min],
      validator: {
        validate: (value: unknown): boolean =>
          !Array.isArray(value) || value.length === 0 || value.length >= min,
        defaultMessage: (args?: ValidationArguments): string =>
          `${args?.property ?? 'value'} must be empty or contain at least ${min} elements`,
      },
    },
    options,
  );
}

/**
 * Refuses text holding U+0000: PostgreSQL text cannot store it, so without this check such input
 * would fail in the database instead of answering 400.
 */
export function NoNullCharacters(options?: ValidationOptions): PropertyDecorator {
  return ValidateBy(
    {
      name: 'noNullCharacters',
      validator: {
        validate: (value: unknown): boolean => typeof value !== 'string' || !value.includes('\u0000'),
        defaultMessage: (args?: ValidationArguments): string =>
          `${args?.property ?? 'value'} cannot contain null characters`,
      },
    },
    options,
  );
}
