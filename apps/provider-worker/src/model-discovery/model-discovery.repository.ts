import { Injectable } from '@nestjs/common';
import { DISCOVERED_MODEL_TEXTS, type Provider } from '@council/contracts';
import { DataSource } from 'typeorm';
import { type ProviderModelRow } from './model-discovery.util';

/** The catalogue rows of one provider that discovery reads and writes. */
export interface ProviderModels {
  /** Where discovered models go: the provider's first active agent; null when it has none. */
  firstAgentId: number | null;
  /** Every model of its active agents. */
  rows: ProviderModelRow[];
}

/** The models table as model discovery sees it. */
@Injectable()
export class ModelDiscoveryRepository {
  constructor(private readonly dataSource: DataSource) {}

  async providerModels(provider: Provider): Promise<ProviderModels> {
    const rows = await this.dataSource.query<(ProviderModelRow & { agentId: number })[]>(
      `SELECT m."id", m."agentId", m."name", m."apiModel", m."discovered", m."isActive"
         FROM "agents" a JOIN "models" m ON m."agentId" = a."id"
        WHERE a."provider" = $1 AND a."isActive"
        ORDER BY a."position", a."id", m."position", m."id"`,
      [provider],
    );
    const [first] = await this.dataSource.query<{ id: number }[]>(
      `SELECT "id" FROM "agents" WHERE "provider" = $1 AND "isActive" ORDER BY "position", "id" LIMIT 1`,
      [provider],
    );
    return {
      firstAgentId: first?.id ?? null,
      rows: rows.map(({ id, name, apiModel, discovered, isActive }) => ({
        id,
        name,
        apiModel,
        discovered,
        isActive,
      })),
    };
  }

  /**
   * Writes listed models the catalogue lacks, named by their id. Idempotent, and safe while other
   * replicas and the seed write too: on (agentId, name) an active row, the file's or another
   * replica's, is left as it is; an inactive one (retired, or removed from the file) is revived as
   * discovered, keeping what it says. Sorted, so concurrent runs take row locks in one order.
   */
  async addDiscovered(agentId: number, ids: readonly string[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `INSERT INTO "models" ("agentId", "name", "apiModel", "description", "discovered", "isActive")
       SELECT $1, "id", "id", $3, true, true FROM unnest($2::text[]) AS "id"
       ON CONFLICT ("agentId", "name") DO UPDATE SET "isActive" = true, "discovered" = true, "updatedAt" = now()
       WHERE NOT "models"."isActive"`,
      [agentId, [...ids].sort(), DISCOVERED_MODEL_TEXTS.description],
    );
  }

  /** Retires discovered rows (never one the catalogue file wrote). */
  async retireDiscovered(ids: readonly number[]): Promise<void> {
    if (ids.length === 0) return;
    await this.dataSource.query(
      `UPDATE "models" SET "isActive" = false, "updatedAt" = now()
        WHERE "id" = ANY($1::int[]) AND "discovered" AND "isActive"`,
      [[...ids]],
    );
  }
}
