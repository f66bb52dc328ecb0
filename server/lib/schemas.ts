// Shared route-schema pieces (TypeBox → JSON Schema for validation and the OpenAPI document).
import { Type, type TSchema } from '@sinclair/typebox';

export const Envelope = (data: TSchema = Type.Any()) =>
  Type.Object({ code: Type.Integer(), msg: Type.String(), data }, { additionalProperties: true });

export const Paging = {
  page: Type.Optional(Type.Integer({ minimum: 1, default: 1 })),
  limit: Type.Optional(Type.Union([Type.Literal(10), Type.Literal(20), Type.Literal(30), Type.Literal(50)], { default: 20 })),
};

export const Id = Type.String({ pattern: '^[0-9]{19}$' });
