import { plainToInstance } from 'class-transformer';
import { validateSync, type ValidationError } from 'class-validator';

/** Thrown at boot when the environment is unusable; its message names every bad variable. */
export class ConfigValidationError extends Error {
  constructor(
    readonly service: string,
    readonly problems: string[],
  ) {
    super(`${service}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

function describe(error: ValidationError, raw: Record<string, string | undefined>): string {
  const given = raw[error.property];
  const shown = given === undefined ? 'it is not set' : `got "${given}"`;
  const rules = Object.values(error.constraints ?? {}).join('; ');
  return `${error.property}: ${rules} (${shown})`;
}

/**
 * Validates `env` against a class-validator schema and returns the typed, converted config.
 * Empty strings count as unset, so `FOO=` in an env file behaves like a missing variable.
 */
export function loadConfig<T extends object>(
  schema: new () => T,
  service: string,
  env: NodeJS.ProcessEnv = process.env,
): T {
  const cleaned = Object.fromEntries(
    Object.entries(env).filter(([, value]) => value !== undefined && value !== ''),
  );
  const config = plainToInstance(schema, cleaned, {
    enableImplicitConversion: true,
    exposeDefaultValues: true,
  });
  const errors = validateSync(config, { whitelist: false, forbidUnknownValues: false });
  if (errors.length > 0)
    throw new ConfigValidationError(
      service,
      errors.map((error) => describe(error, cleaned)),
    );
  return config;
}
