import { type NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';

/** OpenAPI document and UI at /api/docs (JSON at /api/docs-json). */
export function mountOpenApi(app: NestExpressApplication): void {
  const config = new DocumentBuilder()
    .setTitle('Council API')
    .setDescription('Ask several AI assistants at once; history, sharing and billing.')
    .setVersion('1')
    .addCookieAuth('council.sid')
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, config));
}
