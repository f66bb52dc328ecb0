// Health, the maintenance status and the admin switch (docs/api.md "Maintenance").
import { Type } from '@sinclair/typebox';
import { endpoint } from './contract';

const tag = 'system';
const State = Type.Object({ enabled: Type.Boolean() });

export const maintenance = {
  health: endpoint({
    method: 'GET',
    path: '/health',
    tag,
    summary: 'Liveness (503 while the database is unreachable)',
    data: Type.Object({ status: Type.Literal('up') }),
    errors: [503],
  }),
  status: endpoint({ method: 'GET', path: '/emp/api/v2/maintenance/status', tag, summary: 'Whether maintenance mode is on', data: State, errors: [] }),
  set: endpoint({
    method: 'POST',
    path: '/emp/api/v2/maintenance',
    tag,
    summary: 'Switches maintenance mode (admins)',
    body: State,
    data: State,
    errors: [401, 403],
  }),
} as const;
