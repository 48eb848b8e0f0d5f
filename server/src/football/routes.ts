import { Router } from 'express';
import { footballEventDetailQuery, footballEventsQuery, footballResultBody, footballResultsQuery } from '@gp/common';
import { requireOperator, requireUser } from '../auth/middleware.ts';
import type { AuthService } from '../auth/service.ts';
import { validate } from '../platform/http.ts';
import type { FootballService } from './service.ts';

/**
 * A `line` in a query string: a `+` that was not percent-encoded arrives as a space
 * (`line=+0.5/+1.0` → `" 0.5/ 1.0"`), so spaces are read back as plus signs.
 */
const lineParam = (line: string | undefined) => (line === undefined ? undefined : line.replace(/ /g, '+').trim());

/** Football events, odds history, results and standings (public), and the operator's result entry. */
export function footballRoutes(auth: AuthService, football: FootballService) {
  const router = Router();

  router.get('/football/events', async (req, res) => {
    const query = validate(footballEventsQuery, req.query);
    res.json(await football.listEvents(query.status));
  });

  router.get('/football/events/:id', async (req, res) => {
    const query = validate(footballEventDetailQuery, req.query);
    res.json(await football.eventDetail(String(req.params.id), { market: query.market, line: lineParam(query.line) }));
  });

  router.get('/football/results', async (req, res) => {
    const query = validate(footballResultsQuery, req.query);
    res.json(await football.results(query));
  });

  router.get('/football/standings', async (_req, res) => {
    res.json(await football.standings());
  });

  router.post('/admin/events/:id/result', requireUser(auth), requireOperator, async (req, res) => {
    const body = validate(footballResultBody, req.body);
    res.json(await football.enterResult(String(req.params.id), body));
  });

  return router;
}
