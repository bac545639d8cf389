// The edge check every request passes before any handler: no NUL anywhere, bodies of a type the route reads, JSON
// that parses, e-mail addresses of a length an address can have. What fails answers 400/404/415 in our error shape,
// so no malformed input reaches a handler, a rate-limit key or PostgreSQL (issue 17, decision 061).
import type { Context, MiddlewareHandler } from 'hono';
import { errorBody } from '../errors';

/** The longest e-mail address accepted anywhere (the longest the API's schemas allow). */
export const maxEmailLength = 320;

const writeMethods = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export interface RequestGuardOptions {
  /** API paths that also take a form (`application/x-www-form-urlencoded`, `multipart/form-data`). */
  acceptsForm(path: string): boolean;
  /** The answer to a page request with a NUL in its address (the site's 404 page). */
  pageNotFound(c: Context): Response | Promise<Response>;
}

/** API paths whose bodies may be forms: the contact form without JavaScript, and OpenID `form_post` returns. */
export function formApiPath(path: string): boolean {
  return (
    path === '/api/contact' || path.startsWith('/api/auth/callback/') || path.startsWith('/api/auth/oauth2/callback/')
  );
}

export function requestGuard(opts: RequestGuardOptions): MiddlewareHandler {
  return async (c, next) => {
    const isApi = c.req.path === '/api' || c.req.path.startsWith('/api/');
    if (addressHasNul(c.req.url)) {
      if (!isApi) return opts.pageNotFound(c);
      return c.json(
        errorBody('bad_request', 'The address contains a NUL character, which no parameter may hold.'),
        400,
      );
    }
    if (!isApi || !writeMethods.has(c.req.method)) return next();

    const problem = await bodyProblem(c, opts.acceptsForm(c.req.path));
    if (problem) return c.json(errorBody(problem.code, problem.message), problem.status);
    return next();
  };
}

/** Whether the path or any query name or value holds U+0000, raw or percent-encoded. */
export function addressHasNul(rawUrl: string): boolean {
  if (rawUrl.includes('\0')) return true;
  const queryStart = rawUrl.indexOf('?');
  const path = queryStart === -1 ? rawUrl : rawUrl.slice(0, queryStart);
  if (/%00/i.test(path)) return true;
  if (queryStart === -1) return false;
  const query = new URLSearchParams(rawUrl.slice(queryStart + 1));
  for (const [name, value] of query) if (name.includes('\0') || value.includes('\0')) return true;
  return false;
}

interface Problem {
  status: 400 | 415;
  code: string;
  message: string;
}

const bad = (message: string): Problem => ({ status: 400, code: 'bad_request', message });

async function bodyProblem(c: Context, formAllowed: boolean): Promise<Problem | null> {
  const text = await c.req.raw.clone().text();
  if (text.length === 0) return null;
  const type = (c.req.header('content-type') ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json' || /^application\/[\w.+-]+\+json$/.test(type)) {
    let body: unknown;
    try {
      body = JSON.parse(text);
    } catch {
      return bad('The request body is not valid JSON.');
    }
    if (jsonDepth(body) > maxJsonDepth) return bad(`The request body nests deeper than ${maxJsonDepth} levels.`);
    return valuesProblem(jsonStrings(body));
  }
  if (formAllowed && type === 'application/x-www-form-urlencoded') {
    return valuesProblem([...new URLSearchParams(text)].flatMap(([k, v]) => [{ key: k, value: v }]));
  }
  if (formAllowed && type === 'multipart/form-data') {
    let form: FormData;
    try {
      form = await c.req.raw.clone().formData();
    } catch {
      return bad('The form in the request body could not be read.');
    }
    const fields: Field[] = [];
    for (const [key, value] of form) fields.push({ key, value: typeof value === 'string' ? value : '' });
    return valuesProblem(fields);
  }
  return {
    status: 415,
    code: 'unsupported_media_type',
    message: formAllowed
      ? 'Send the request body as JSON (Content-Type: application/json) or as a form.'
      : 'Send the request body as JSON (Content-Type: application/json).',
  };
}

interface Field {
  key: string;
  value: string;
}

/** The deepest nesting a JSON body may have: recursive code behind the guard (logging, Better Auth) overflows the stack. */
const maxJsonDepth = 64;

/** How deeply a JSON value nests (iterative, so any depth). */
function jsonDepth(root: unknown): number {
  let deepest = 0;
  const stack: [unknown, number][] = [[root, 0]];
  while (stack.length > 0) {
    const [value, depth] = stack.pop()!;
    deepest = Math.max(deepest, depth);
    if (deepest > maxJsonDepth) return deepest;
    if (value && typeof value === 'object') for (const v of Object.values(value)) stack.push([v, depth + 1]);
  }
  return deepest;
}

/** Every string of a JSON value (names too) with the name of the property that holds it; iterative, so any depth. */
function jsonStrings(root: unknown): Field[] {
  const out: Field[] = [];
  const stack: [unknown, string][] = [[root, '']];
  while (stack.length > 0) {
    const [value, key] = stack.pop()!;
    if (typeof value === 'string') out.push({ key, value });
    else if (Array.isArray(value)) for (const item of value) stack.push([item, key]);
    else if (value && typeof value === 'object') {
      for (const [k, v] of Object.entries(value)) {
        out.push({ key: '', value: k });
        stack.push([v, k]);
      }
    }
  }
  return out;
}

function valuesProblem(fields: Field[]): Problem | null {
  for (const { key, value } of fields) {
    if (value.includes('\0') || key.includes('\0')) {
      return bad('The request body contains a NUL character, which no field may hold.');
    }
    if (key === 'email' && value.length > maxEmailLength) {
      return bad(`invalid email: an e-mail address has at most ${maxEmailLength} characters`);
    }
  }
  return null;
}
