import { z } from 'zod';
import type { RouteDef } from './register';

function schemaOf(s: z.ZodType, io: 'input' | 'output') {
  return z.toJSONSchema(s, { io, unrepresentable: 'any' }) as Record<string, unknown>;
}

function accessText(route: RouteDef): string {
  const a = route.access;
  if (a.kind === 'public') return 'public';
  if (a.kind === 'authenticated') return 'any signed-in user';
  return `permission: ${a.anyOf.join(' or ')}`;
}

/** The OpenAPI 3.1 document of the registered routes, generated from their contracts. */
export function buildOpenApi(routes: RouteDef[], version: string) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const route of routes) {
    const e = route.endpoint;
    const path = e.path.replace(/:([A-Za-z_]+)/g, '{$1}');
    const parameters: unknown[] = [];
    for (const [where, schema] of [
      ['query', e.query],
      ['path', e.params],
    ] as const) {
      if (!schema) continue;
      const js = schemaOf(schema, 'input') as { properties?: Record<string, unknown>; required?: string[] };
      for (const [name, prop] of Object.entries(js.properties ?? {})) {
        parameters.push({
          name,
          in: where,
          required: where === 'path' || (js.required ?? []).includes(name),
          schema: prop,
        });
      }
    }
    const responseSchema = e.response
      ? {
          type: 'object',
          properties: {
            code: { type: 'integer', const: 0 },
            msg: { type: 'string' },
            data: schemaOf(e.response, 'output'),
          },
          required: ['code', 'msg', 'data'],
        }
      : undefined;
    const op: Record<string, unknown> = {
      summary: e.summary,
      description: `Access: ${accessText(route)}.${route.signed === false ? ' Not signed.' : ' Signed (docs/api.md).'}`,
      tags: e.tags ?? [],
      parameters,
      responses: {
        '200': {
          description: 'success',
          content: responseSchema
            ? { 'application/json': { schema: responseSchema } }
            : { [e.produces ?? 'application/octet-stream']: {} },
        },
        default: { description: 'error: `{code, msg, data}` with the status of the error catalogue' },
      },
    };
    if (e.body) {
      const ct =
        e.bodyType === 'form'
          ? 'application/x-www-form-urlencoded'
          : e.bodyType === 'multipart'
            ? 'multipart/form-data'
            : e.bodyType === 'text'
              ? 'text/plain'
              : 'application/json';
      op.requestBody = { required: true, content: { [ct]: { schema: schemaOf(e.body, 'input') } } };
    }
    (paths[path] ??= {})[e.method.toLowerCase()] = op;
  }
  return {
    openapi: '3.1.0',
    info: { title: 'Counselling platform API', version },
    components: {
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
