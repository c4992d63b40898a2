import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { AgentEntity, ModelEntity, RoleEntity } from '@council/db';
import { CatalogueController } from './catalogue.controller';
import { CatalogueService } from './catalogue.service';

@Module({
  imports: [TypeOrmModule.forFeature([AgentEntity, ModelEntity, RoleEntity])],
  controllers: [CatalogueController],
  providers: [CatalogueService],
})
export class CatalogueModule {}
