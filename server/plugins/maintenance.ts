// Maintenance mode: every route but those marked `maintenanceExempt` (health, the maintenance
// status and switch, the static client) answers 503 with errorCode -999999. Installed before the
// policy hook, so an unauthenticated caller sees -999999 too. The state comes from the
// instance's `maintenanceOn` decoration (the maintenance module's face provides it).
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/errors';

export function registerMaintenanceGate(app: FastifyInstance) {
  app.addHook('onReady', async () => {
    if (typeof app.maintenanceOn !== 'function') throw new Error('maintenance gate: no maintenanceOn decoration (register the maintenance module face)');
  });
  app.addHook('onRequest', async (req) => {
    if (req.routeOptions.config?.maintenanceExempt) return;
    if (!req.routeOptions.url) return; // unknown route: 404 / client history fallback
    if (await app.maintenanceOn()) throw new AppError(503, 'errors.maintenance', {}, { errorCode: -999999 });
  });
}
