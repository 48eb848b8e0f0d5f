import { Router } from 'express';
import { buildOpenApiDocument } from './document.ts';

export function openApiRoutes() {
  const router = Router();
  let document: ReturnType<typeof buildOpenApiDocument> | undefined;
  router.get('/openapi.json', (_req, res) => {
    document ??= buildOpenApiDocument();
    res.json(document);
  });
  return router;
}
