import { createHash } from 'node:crypto';
import { z } from 'zod';
import type { RouteDef } from './register';

type JsonSchema = Record<string, unknown>;

/**
 * The shared schemas of the document (`components.schemas`). zod writes the definitions a schema needs
 * more than once, or that refer to themselves (the department and menu trees), under the schema's own
 * `$defs`, with references `#/$defs/<name>`. Embedded in the document such a reference points at the
 * document's root, where there is no `$defs`, and validators and client generators refuse it. So each
 * definition is moved to `components.schemas` and its references rewritten. A definition named in the
 * contracts (`.meta({ id })`) keeps that name; zod's generated names (`__schema0`, reused by every
 * schema) are replaced by one from the definition's content, so equal definitions share one entry.
 */
class SchemaComponents {
  readonly schemas: Record<string, JsonSchema> = {};

  /** The schema of one contract, its definitions moved into the components. */
  of(s: z.ZodType, io: 'input' | 'output'): JsonSchema {
    const { root, defs } = converted(s, io);
    for (const [name, schema] of defs) {
      const existing = this.schemas[name];
      if (existing && existing !== schema && JSON.stringify(existing) !== JSON.stringify(schema)) {
        throw new Error(`OpenAPI: two different schemas are named ${name} (contracts .meta({ id }))`);
      }
      this.schemas[name] = schema;
    }
    return root;
  }
}

interface Converted {
  root: JsonSchema;
  defs: [name: string, schema: JsonSchema][];
}

/**
 * Conversions already made, per contract schema and direction. Contracts are module constants and zod
 * schemas do not change, so a process that builds the app more than once (every server test file does)
 * converts each schema once: converting all of them cost about 0.2 s of CPU per test file. The results
 * are shared between documents and never changed.
 */
const conversions = {
  input: new WeakMap<z.ZodType, Converted>(),
  output: new WeakMap<z.ZodType, Converted>(),
};

function converted(s: z.ZodType, io: 'input' | 'output'): Converted {
  const cached = conversions[io].get(s);
  if (cached) return cached;
  const js = z.toJSONSchema(s, { io, unrepresentable: 'any' }) as JsonSchema;
  delete js.$schema;
  const localDefs = (js.$defs ?? {}) as Record<string, JsonSchema>;
  delete js.$defs;
  const names = new Map<string, string>();
  for (const [local, def] of Object.entries(localDefs)) {
    names.set(local, /^__schema\d+$/.test(local) ? `Schema_${digest(local, def)}` : local);
  }
  const rewrite = (value: unknown): unknown => {
    if (Array.isArray(value)) return value.map(rewrite);
    if (!value || typeof value !== 'object') return value;
    const out: JsonSchema = {};
    for (const [k, v] of Object.entries(value)) {
      const local = k === '$ref' && typeof v === 'string' ? /^#\/\$defs\/(.+)$/.exec(v)?.[1] : undefined;
      out[k] = local !== undefined ? `#/components/schemas/${names.get(local) ?? local}` : rewrite(v);
    }
    return out;
  };
  const result: Converted = {
    root: rewrite(js) as JsonSchema,
    defs: Object.entries(localDefs).map(([local, def]) => [names.get(local)!, rewrite(def) as JsonSchema]),
  };
  conversions[io].set(s, result);
  return result;
}

/** A short name from a definition's content (its own name included, as its references use it). */
function digest(local: string, def: JsonSchema): string {
  return createHash('sha256').update(local).update(JSON.stringify(def)).digest('hex').slice(0, 12);
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
  const components = new SchemaComponents();
  const schemaOf = (s: z.ZodType, io: 'input' | 'output') => components.of(s, io);
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
      schemas: components.schemas,
      securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } },
    },
    security: [{ bearer: [] }],
    paths,
  };
}
