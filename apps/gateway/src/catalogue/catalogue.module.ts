import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentEntity, ModelEntity, ProviderEntity, RoleEntity } from '@council/db';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';
import { ListedModelsService } from './listed-models.service';
import { ProviderModesService } from './provider-modes.service';

@Module({
  imports: [TypeOrmModule.forFeature([AgentEntity, ModelEntity, RoleEntity, ProviderEntity])],
  controllers: [CatalogueController],
  providers: [CatalogueService, ProviderModesService, ListedModelsService],
  exports: [ProviderModesService, ListedModelsService],
})
export class CatalogueModule {}
