// Reads the parts of an OpenAPI 3.1 document the API reference shows: operations, parameters, responses.
import { z } from 'zod';

const parameterSchema = z.object({
  name: z.string(),
  in: z.enum(['path', 'query', 'header', 'cookie']),
  required: z.boolean().optional(),
  description: z.string().optional(),
  example: z.unknown().optional(),
  schema: z
    .object({
      type: z.union([z.string(), z.array(z.string())]).optional(),
      enum: z.array(z.unknown()).optional(),
      default: z.unknown().optional(),
      example: z.unknown().optional(),
      description: z.string().optional(),
    })
    .loose()
    .optional(),
});

const operationSchema = z.object({
  summary: z.string().optional(),
  description: z.string().optional(),
  tags: z.array(z.string()).optional(),
  parameters: z.array(parameterSchema).optional(),
  requestBody: z.unknown().optional(),
  responses: z.record(z.string(), z.object({ description: z.string().optional() }).loose()).optional(),
});

const documentSchema = z.object({
  info: z.object({ title: z.string(), version: z.string(), description: z.string().optional() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});

export type ApiParameter = z.infer<typeof parameterSchema>;

export interface ApiOperation {
  id: string;
  method: string;
  path: string;
  summary: string;
  description?: string;
  group: string;
  parameters: ApiParameter[];
  hasBody: boolean;
  responses: { status: string; description: string }[];
}

export interface ApiReference {
  title: string;
  version: string;
  description?: string;
  operations: ApiOperation[];
}

const methods = ['get', 'post', 'put', 'patch', 'delete'];

/** The operations of the document, grouped by their first path segment after /api. */
export function readOpenApi(doc: unknown): ApiReference {
  const parsed = documentSchema.parse(doc);
  const operations: ApiOperation[] = [];
  for (const [path, item] of Object.entries(parsed.paths)) {
    for (const method of methods) {
      const raw = item[method];
      if (!raw) continue;
      const op = operationSchema.safeParse(raw);
      if (!op.success) continue;
      const group = op.data.tags?.[0] ?? path.split('/').filter(Boolean)[1] ?? 'api';
      operations.push({
        id: `${method}-${path}`.replace(/[^a-zA-Z0-9]+/g, '-').replace(/-+$/, ''),
        method: method.toUpperCase(),
        path,
        summary: op.data.summary ?? `${method.toUpperCase()} ${path}`,
        description: op.data.description,
        group,
        parameters: op.data.parameters ?? [],
        hasBody: op.data.requestBody !== undefined,
        responses: Object.entries(op.data.responses ?? {}).map(([status, r]) => ({
          status,
          description: r.description ?? '',
        })),
      });
    }
  }
  return { title: parsed.info.title, version: parsed.info.version, description: parsed.info.description, operations };
}

/** The request URL of an operation for the values typed in the try-it form; missing path values stay as {name}. */
export function buildRequestUrl(op: ApiOperation, values: Readonly<Record<string, string>>): string {
  let path = op.path;
  const query = new URLSearchParams();
  for (const p of op.parameters) {
    const v = values[p.name]?.trim();
    if (p.in === 'path' && v) path = path.replace(`{${p.name}}`, encodeURIComponent(v));
    if (p.in === 'query' && v) query.set(p.name, v);
  }
  const q = query.toString();
  return q ? `${path}?${q}` : path;
}

/** A value to prefill a parameter with: its example, else its default. */
export function exampleOf(p: ApiParameter): string {
  const v = p.example ?? p.schema?.example ?? p.schema?.default;
  return v === undefined || v === null ? '' : String(v);
}
