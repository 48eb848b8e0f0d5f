import { Router } from 'express';
import { footballEventDetailQuery, footballEventsQuery, footballResultsQuery } from '@gp/common';
import type { AuthService } from '../../auth/service.ts';
import { idParam, validateQuery } from '../../platform/http.ts';
import type { FootballService } from './service.ts';

/**
 * A `line` in a query string: a `+` that was not percent-encoded arrives as a space
 * (`line=+0.5/+1.0` → `" 0.5/ 1.0"`), so spaces are read back as plus signs.
 */
const lineParam = (line: string | undefined) => (line === undefined ? undefined : line.replace(/ /g, '+').trim());

/**
 * Football events, odds history, results and standings (public). Results and voids are entered by
 * two staff members through `POST /admin/results` (admin/four-eyes.ts), never by one.
 */
export function footballRoutes(auth: AuthService, football: FootballService) {
  const router = Router();
  const events = validateQuery(footballEventsQuery);
  const eventId = idParam('id');
  const detail = validateQuery(footballEventDetailQuery);
  const results = validateQuery(footballResultsQuery);

  router.get('/football/events', events, async (req, res) => {
    res.json(await football.listEvents(events.of(req).status));
  });

  router.get('/football/events/:id', eventId, detail, async (req, res) => {
    const { market, line } = detail.of(req);
    res.json(await football.eventDetail(eventId.of(req), { market, line: lineParam(line) }));
  });

  router.get('/football/results', results, async (req, res) => {
    res.json(await football.results(results.of(req)));
  });

  router.get('/football/standings', async (_req, res) => {
    res.json(await football.standings());
  });

  return router;
}
