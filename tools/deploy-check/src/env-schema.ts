import { getMetadataStorage, ValidationTypes } from 'class-validator';
import { type EnvClass } from './apps';

function validationMetadata(envClass: EnvClass) {
  // Includes the metadata inherited from BaseServerEnv.
  return getMetadataStorage().getTargetValidationMetadatas(envClass, '', false, false);
}

/**
 * Every variable a config class reads: properties with a default (own keys of an instance) plus
 * every property carrying a class-validator decorator (which finds `DATABASE_URL!: string` and
 * optional `STRIPE_SECRET_KEY?: string`, which have no runtime presence on an instance).
 */
export function declaredVariables(envClass: EnvClass): string[] {
  const withDefaults = Object.keys(new envClass());
  const decorated = validationMetadata(envClass).map((metadata) => metadata.propertyName);
  return [...new Set([...withDefaults, ...decorated])].sort();
}

/** Variables that must be set: no default value and not optional (@IsOptional / @ValidateIf). */
export function requiredVariables(envClass: EnvClass): string[] {
  const instance = new envClass() as unknown as Record<string, unknown>;
  const conditional = new Set(
    validationMetadata(envClass)
      .filter((metadata) => metadata.type === ValidationTypes.CONDITIONAL_VALIDATION)
      .map((metadata) => metadata.propertyName),
  );
  return declaredVariables(envClass).filter((name) => instance[name] === undefined && !conditional.has(name));
}
