import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { Type } from '@sinclair/typebox';
import { registerSerializer } from './serializer';

async function appWith(validate: boolean, answer: unknown) {
  const app = Fastify({ logger: false });
  registerSerializer(app, { validate });
  app.get('/x', { schema: { response: { 200: Type.Object({ n: Type.Integer() }) } } }, async () => answer);
  await app.ready();
  return app;
}

describe('registerSerializer', () => {
  it('writes answers with JSON.stringify: properties outside the schema stay, nothing is coerced', async () => {
    const app = await appWith(false, { n: '7', extra: [1, { a: null }] });
    expect((await app.inject({ url: '/x' })).body).toBe('{"n":"7","extra":[1,{"a":null}]}');
  });

  it('in test mode refuses (500) an answer its schema does not describe', async () => {
    const good = await appWith(true, { n: 7, extra: true });
    expect((await good.inject({ url: '/x' })).body).toBe('{"n":7,"extra":true}');
    const bad = await appWith(true, { n: '7' });
    expect((await bad.inject({ url: '/x' })).statusCode).toBe(500);
  });
});

describe('registerSerializer and business failures', () => {
  it('does not hold a failure envelope (code 1, data null) to the success schema', async () => {
    const app = Fastify({ logger: false });
    registerSerializer(app, { validate: true });
    app.get('/x', { schema: { response: { 200: Type.Object({ code: Type.Integer(), data: Type.Object({ n: Type.Integer() }) }) } } }, async () => ({
      code: 1,
      msg: 'no',
      data: null,
    }));
    await app.ready();
    expect((await app.inject({ url: '/x' })).json()).toEqual({ code: 1, msg: 'no', data: null });
  });
});
