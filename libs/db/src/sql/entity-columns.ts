import { type DataSource, type EntityTarget, type ObjectLiteral } from 'typeorm';

/**
 * An entity's columns for a hand-written SELECT list, each aliased to its property name, so rows
 * come back shaped like the entity. Named, not `*`: a prepared statement's result columns must not
 * change under it (see preparedQuery). `table` qualifies the columns (`u."id" AS "id"`).
 */
export function entityColumnsSql(
  dataSource: DataSource,
  entity: EntityTarget<ObjectLiteral>,
  table?: string,
): string {
  const qualifier = table ? `${table}.` : '';
  return dataSource
    .getMetadata(entity)
    .columns.map((column) => `${qualifier}"${column.databaseName}" AS "${column.propertyName}"`)
    .join(', ');
}
