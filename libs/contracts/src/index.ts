export * from './domain/domain.constants';
