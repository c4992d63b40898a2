import { DEFAULT_CATALOGUE_FILE, loadCatalogueFile } from '@council/db';

/**
 * The variables the shipped catalogue names for its providers' URLs and keys. The provider worker
 * reads them by those names (docs/operations.md, "Adding a provider"), not through its config class.
 */
export function catalogueVariables(): string[] {
  return loadCatalogueFile(DEFAULT_CATALOGUE_FILE).providers.flatMap((provider) =>
    [provider.baseUrlEnv, provider.apiKeyEnv].filter((name): name is string => name !== null),
  );
}
