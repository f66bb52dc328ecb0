// Health, maintenance status and the admin switch (the gate answering -999999 elsewhere is
// server/plugins/maintenance.ts).
import { Type } from '@sinclair/typebox';
import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../../context';
import { ok } from '../../lib/errors';
import { refreshMaintenance, setMaintenance } from './service';

export function maintenanceRoutes(app: FastifyInstance, ctx: AppContext) {
  const tags = ['system'];
  app.get('/health', { config: { policy: 'public', maintenanceExempt: true }, schema: { tags } }, async () => {
    return ok({ status: 'up' });
  });
  app.get('/emp/api/v2/maintenance/status', { config: { policy: 'public', maintenanceExempt: true }, schema: { tags } }, async () => {
    return ok({ enabled: await refreshMaintenance(ctx, true) });
  });
  app.post(
    '/emp/api/v2/maintenance',
    { config: { policy: 'admin', maintenanceExempt: true }, schema: { tags, body: Type.Object({ enabled: Type.Boolean() }) } },
    async (req) => ok({ enabled: await setMaintenance(ctx, (req.body as { enabled: boolean }).enabled) }),
  );
}
