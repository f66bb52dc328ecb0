// Entry point of `npm start`: the API and the built client on one port.
import Fastify from 'fastify';
import fastifyStatic from '@fastify/static';
import path from 'node:path';
import { existsSync } from 'node:fs';

const port = Number(process.env.PORT ?? 8080);
const dist = path.resolve(process.env.CLIENT_DIST ?? 'dist');

const app = Fastify({ logger: { level: process.env.LOG_LEVEL ?? 'info' } });
app.get('/health', async () => ({ code: 0, msg: 'ok', data: { status: 'up' } }));
if (existsSync(dist)) {
  await app.register(fastifyStatic, { root: dist, wildcard: false });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && (req.url === '/' || req.url.startsWith('/web') || req.url.startsWith('/maintenance'))) {
      return reply.sendFile('index.html');
    }
    return reply.code(404).send({ code: 404, msg: 'Not Found', data: null });
  });
}
await app.listen({ port, host: process.env.HOST ?? '0.0.0.0' });
