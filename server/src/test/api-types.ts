/**
 * The web app's types of the API (web/src/api/openapi.d.ts), generated from the server's own
 * OpenAPI document by openapi-typescript: the web client's paths are checked against them, so
 * a changed route breaks the web build. `npm run api:types` writes the file; api-types.test.ts
 * fails when it is stale.
 */
import path from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import { OPENAPI_PATH } from '../http/openapi';
import { createTestApp } from './test-app';

export const API_TYPES_FILE = path.resolve(
  import.meta.dirname,
  '../../../web/src/api/openapi.d.ts',
);

const HEADER = `/* Generated from the server's OpenAPI document by \`npm run api:types\`: do not edit. */\n\n`;

export async function generateApiTypes(): Promise<string> {
  const t = await createTestApp();
  try {
    const res = await t.app.inject({ method: 'GET', url: OPENAPI_PATH });
    if (res.statusCode !== 200) throw new Error(`${OPENAPI_PATH} answered ${res.statusCode}`);
    const ast = await openapiTS(res.json() as Parameters<typeof openapiTS>[0]);
    return HEADER + astToString(ast);
  } finally {
    await t.close();
  }
}
