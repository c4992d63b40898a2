import { Controller, Get } from '@nestjs/common';
import { ApiOkResponse, ApiTags } from '@nestjs/swagger';
import { type AgentResponse, type ModelResponse, type RoleResponse } from '@council/contracts';
import { CatalogueService } from './catalogue.service';

/** Public: the Ask screen and the marketing pages read the catalogue before anyone signs in. */
@ApiTags('catalogue')
@Controller()
export class CatalogueController {
  constructor(private readonly catalogue: CatalogueService) {}

  @Get('agents')
  @ApiOkResponse({ description: 'Agents: id, name, provider, description, logoUrl' })
  listAgents(): Promise<AgentResponse[]> {
    return this.catalogue.listAgents();
  }

  @Get('models')
  @ApiOkResponse({
    description:
      'Models: id, agentId, name, version, description, capabilities, contextWindow, facts, typicalOutputTokens',
  })
  listModels(): Promise<ModelResponse[]> {
    return this.catalogue.listModels();
  }

  @Get('roles')
  @ApiOkResponse({ description: 'Roles: id, name, description, category' })
  listRoles(): Promise<RoleResponse[]> {
    return this.catalogue.listRoles();
  }
}
