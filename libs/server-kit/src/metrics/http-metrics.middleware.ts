import { type NextFunction, type Request, type Response } from 'express';
import { type MetricsService } from './metrics.service';

/**
 * Observes every request, including ones Nest never routes (404s, body-parser errors).
 * The label is the matched route pattern, so ids in paths do not explode cardinality.
 */
export function httpMetricsMiddleware(metrics: MetricsService) {
  return (req: Request, res: Response, next: NextFunction): void => {
    const stopTimer = metrics.httpDuration.startTimer();
    res.on('finish', () => {
      const routePath = (req.route as { path?: string } | undefined)?.path;
      const route = routePath ? `${req.baseUrl}${routePath}` : 'unmatched';
      stopTimer({ method: req.method, route, status: String(res.statusCode) });
    });
    next();
  };
}
