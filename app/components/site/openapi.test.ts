// The API reference's reading of an OpenAPI document and its try-it URLs.
import { describe, expect, it } from 'vitest';
import { buildRequestUrl, exampleOf, readOpenApi } from './openapi';

const doc = {
  openapi: '3.1.0',
  info: { title: 'Statistics publisher API', version: '1.0.0' },
  paths: {
    '/api/datasets/{id}/data': {
      get: {
        summary: 'Data of a selection',
        parameters: [
          { name: 'id', in: 'path', required: true, schema: { type: 'string', example: 'prc_hicp_manr' } },
          { name: 'country', in: 'query', schema: { type: 'string', example: 'DE,FR' } },
          { name: 'format', in: 'query', schema: { type: 'string', enum: ['json', 'csv'], default: 'json' } },
        ],
        responses: { '200': { description: 'Data' }, '404': { description: 'No such dataset' } },
      },
    },
    '/api/check-user-exists': { post: { summary: 'Check', requestBody: {}, responses: {} } },
  },
};

describe('readOpenApi', () => {
  it('lists every operation with its group, parameters and responses', () => {
    const ref = readOpenApi(doc);
    expect(ref.operations.map((o) => `${o.method} ${o.path} ${o.group}`)).toEqual([
      'GET /api/datasets/{id}/data datasets',
      'POST /api/check-user-exists check-user-exists',
    ]);
    const data = ref.operations[0]!;
    expect(data.parameters.map(exampleOf)).toEqual(['prc_hicp_manr', 'DE,FR', 'json']);
    expect(data.responses).toEqual([
      { status: '200', description: 'Data' },
      { status: '404', description: 'No such dataset' },
    ]);
    expect(ref.operations[1]!.hasBody).toBe(true);
  });

  it('rejects a document without paths', () => {
    expect(() => readOpenApi({ info: { title: 'x', version: '1' } })).toThrow();
  });
});

describe('buildRequestUrl', () => {
  it('fills path parameters, encodes query values and leaves out empty ones', () => {
    const op = readOpenApi(doc).operations[0]!;
    expect(buildRequestUrl(op, { id: 'une_rt_m', country: 'DE,ES', format: '' })).toBe(
      '/api/datasets/une_rt_m/data?country=DE%2CES',
    );
    expect(buildRequestUrl(op, {})).toBe('/api/datasets/{id}/data');
  });
});
