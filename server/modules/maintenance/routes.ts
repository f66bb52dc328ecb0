// Health, maintenance status and the admin switch (the gate answering -999999 elsewhere is
// server/plugins/maintenance.ts).
import { endpoints, pathOf, routeSchema } from '../../../schemas/api';
import type { AppContext, TypedApp } from '../../context';
import { ok } from '../../lib/errors';
import { refreshMaintenance, setMaintenance } from './service';

const E = endpoints.maintenance;

export function maintenanceRoutes(app: TypedApp, ctx: AppContext) {
  const p = ctx.config.apiPrefix;
  app.get(pathOf(E.health, p), { config: { policy: 'public', maintenanceExempt: true }, schema: routeSchema(E.health) }, async () => {
    // up only while the database answers: a database that is unreachable answers 503 (the envelope)
    await ctx.database.ping();
    return ok({ status: 'up' as const });
  });
  app.get(pathOf(E.status, p), { config: { policy: 'public', maintenanceExempt: true }, schema: routeSchema(E.status) }, async () => {
    return ok({ enabled: await refreshMaintenance(ctx, true) });
  });
  app.post(pathOf(E.set, p), { config: { policy: 'admin', maintenanceExempt: true }, schema: routeSchema(E.set) }, async (req) =>
    ok({ enabled: await setMaintenance(ctx, req.body.enabled) }),
  );
}
