import { readFileSync } from 'node:fs';
import * as path from 'node:path';
import { parse } from 'yaml';
import { type Catalogue } from './catalogue.types';
import { CatalogueValidationError, validateCatalogue } from './catalogue.validator';
import { errorMessage } from '@council/contracts';

/** Environment variable that points the seed at another catalogue file. */
export const CATALOGUE_FILE_ENV = 'CATALOGUE_FILE';

/** libs/db/catalogue/catalogue.yaml, found the same way from src/ (tests) and dist/ (CLI). */
export const DEFAULT_CATALOGUE_FILE = path.resolve(__dirname, '..', '..', 'catalogue', 'catalogue.yaml');

/** The catalogue file to seed from: CATALOGUE_FILE if set, else the shipped one. */
export function resolveCatalogueFile(env: NodeJS.ProcessEnv = process.env): string {
  const override = env[CATALOGUE_FILE_ENV]?.trim();
  return override ? path.resolve(override) : DEFAULT_CATALOGUE_FILE;
}

/** Parses catalogue text (YAML, of which JSON is a subset) and validates it. */
export function parseCatalogueText(text: string, source = 'catalogue'): Catalogue {
  let data: unknown;
  try {
    data = parse(text);
  } catch (error) {
    const reason = errorMessage(error);
    throw new CatalogueValidationError(source, [`not valid YAML/JSON: ${reason}`]);
  }
  return validateCatalogue(data, source);
}

/**
 * Reads and validates a catalogue file (.yaml, .yml or .json); by default the one CATALOGUE_FILE
 * names, else the shipped one. Synchronous: it runs once at seed time and the file is small.
 */
export function loadCatalogueFile(filePath: string = resolveCatalogueFile()): Catalogue {
  let text: string;
  try {
    text = readFileSync(filePath, 'utf8');
  } catch (error) {
    const reason = errorMessage(error);
    throw new Error(
      `cannot read catalogue file ${filePath} (set ${CATALOGUE_FILE_ENV} to override): ${reason}`,
    );
  }
  return parseCatalogueText(text, filePath);
}
